// numbers: a checker in the problem package convention. The program's
// output must hold the answer file's numbers, in any order, each within
// 1e-6 (absolute, or relative for large ones). With the flag "partial"
// an output of as many numbers is accepted and scored by the share that
// match. An answer file that is not all numbers is the checker's own
// failure: it aborts. Numbers are read as the problem package format
// writes them, in ASCII: NaN, infinity, hexadecimal and anything else
// strtod reads beyond that grammar are not numbers.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

// decimal says whether tok is [+-]?([0-9]*\.[0-9]+|[0-9]+\.?)([eE][+-]?[0-9]+)?
static bool decimal(const std::string &tok) {
	size_t i = 0, digits = 0;
	auto run = [&] {
		size_t n = 0;
		for (; i < tok.size() && std::isdigit((unsigned char)tok[i]); i++)
			n++;
		return n;
	};
	if (i < tok.size() && (tok[i] == '+' || tok[i] == '-'))
		i++;
	digits = run();
	if (i < tok.size() && tok[i] == '.') {
		i++;
		digits += run();
	}
	if (digits == 0)
		return false;
	if (i < tok.size() && (tok[i] == 'e' || tok[i] == 'E')) {
		i++;
		if (i < tok.size() && (tok[i] == '+' || tok[i] == '-'))
			i++;
		if (run() == 0)
			return false;
	}
	return i == tok.size();
}

static bool number(const std::string &tok, double *x) {
	if (!decimal(tok))
		return false;
	char *end = nullptr;
	*x = std::strtod(tok.c_str(), &end);
	return !tok.empty() && *end == '\0' && std::isfinite(*x);
}

static bool near(double a, double b) {
	return std::fabs(a - b) <= 1e-6 * std::max(1.0, std::fabs(a));
}

static void say(const std::string &dir, const char *name, const std::string &text) {
	std::ofstream(dir + name) << text << "\n";
}

int main(int argc, char **argv) {
	if (argc < 4) {
		std::fprintf(stderr, "usage: numbers input answer feedback_dir [partial]\n");
		return 1;
	}
	std::string feedback = argv[3];
	bool partial = argc > 4 && std::strcmp(argv[4], "partial") == 0;
	std::vector<double> want, got;
	std::ifstream answer(argv[2]);
	std::string tok;
	double x;
	while (answer >> tok) {
		if (!number(tok, &x)) {
			std::fprintf(stderr, "answer file: not a number: %s\n", tok.c_str());
			std::abort();
		}
		want.push_back(x);
	}
	while (std::cin >> tok) {
		if (!number(tok, &x)) {
			say(feedback, "teammessage.txt", "not a number: " + tok.substr(0, 40));
			return 43;
		}
		got.push_back(x);
	}
	std::sort(want.begin(), want.end());
	std::sort(got.begin(), got.end());
	size_t i = 0, j = 0, right = 0;
	while (i < want.size() && j < got.size()) {
		if (near(want[i], got[j])) {
			right++, i++, j++;
		} else if (want[i] < got[j]) {
			i++;
		} else {
			j++;
		}
	}
	say(feedback, "teammessage.txt", std::to_string(right) + " of " + std::to_string(want.size()) + " numbers right");
	say(feedback, "judgemessage.txt", "got " + std::to_string(got.size()) + " numbers, want " + std::to_string(want.size()));
	if (got.size() != want.size()) {
		return 43;
	}
	if (partial && !want.empty()) {
		char buf[32];
		std::snprintf(buf, sizeof buf, "%.6f", double(right) / want.size());
		say(feedback, "score.txt", buf);
		return 42;
	}
	return right == want.size() ? 42 : 43;
}
