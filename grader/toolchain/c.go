package toolchain

import (
	"bytes"
	"regexp"

	"github.com/cs540-tools/autograder/sandbox"
)

// objects are what C and C++ compilers write besides the program.
var objects = []string{"*.o", "*.obj", "*.a", "*.so", "*.out", "*.exe"}

// C compiles with gcc, optimised, linking the maths library.
var C = &Toolchain{
	Name:        "c",
	Title:       "C",
	Codes:       []string{"c"},
	Exts:        []string{".c"},
	Headers:     []string{".h"},
	Products:    objects,
	Binary:      true,
	Runtime:     "gcc",
	Tools:       []Tool{{Name: "gcc", Candidates: []string{"gcc"}, Version: []string{"-dumpfullversion"}, VersionRE: dottedRE}},
	Commands:    cc("gcc", "-O2"),
	TidyLog:     tidyObjects,
	DefaultMain: func([]string) string { return "main" },
	CheckMain:   checkBinary,
	Syntax:      cSyntax,
	Lexer:       CLexer,
	Hello: sandbox.File{Name: "hello.c", Data: []byte(`#include <stdio.h>

int main(int argc, char **argv) {
    char name[64];
    if (argc < 2 || scanf("%63s", name) != 1) return 1;
    printf("hello, %s %s\n", name, argv[1]);
    return 0;
}
`)},
}

// CPP is C++: it compiles with g++ as C++17, optimised, linking the maths library.
var CPP = &Toolchain{
	Name:        "cpp",
	Title:       "C++",
	Codes:       []string{"cpp"},
	Exts:        []string{".cpp", ".cc", ".cxx", ".C", ".c++"},
	Headers:     []string{".hpp", ".hh", ".hxx"},
	Products:    objects,
	Binary:      true,
	Runtime:     "g++",
	Tools:       []Tool{{Name: "g++", Candidates: []string{"g++"}, Version: []string{"-dumpfullversion"}, VersionRE: dottedRE}},
	Commands:    cc("g++", "-O2", "-std=c++17"),
	TidyLog:     tidyObjects,
	DefaultMain: func([]string) string { return "main" },
	CheckMain:   checkBinary,
	Syntax:      cppSyntax,
	Lexer:       CPPLexer,
	Limit: func(stderr []byte) sandbox.Limit {
		// What the C++ runtime prints when new fails under an rlimit.
		if bytes.Contains(stderr, []byte("std::bad_alloc")) {
			return sandbox.Memory
		}
		return sandbox.None
	},
	Hello: sandbox.File{Name: "hello.cpp", Data: []byte(`#include <iostream>
#include <string>

int main(int argc, char **argv) {
    std::string name;
    if (argc < 2 || !(std::cin >> name)) return 1;
    std::cout << "hello, " << name << " " << argv[1] << "\n";
}
`)},
}

// cc is the Commands of a C or C++ compiler with its options: one step
// compiling and linking every source into main.
func cc(compiler ...string) func(main string, sources []string) ([][]string, []string) {
	return func(main string, sources []string) ([][]string, []string) {
		step := append(append(append(append([]string{}, compiler...), "-o", main), sources...), "-lm")
		return [][]string{step}, []string{"./" + main}
	}
}

// tempObject is the name gcc gives an object file it compiles on the way
// to linking ("/tmp/ccA1b2C3.o"), which a link error names.
var tempObject = regexp.MustCompile(`\bcc[0-9A-Za-z]{6}\.o\b`)

// tidyObjects names every temporary object file alike ("ccXXXXXX.o").
func tidyObjects(log []byte) []byte {
	return tempObject.ReplaceAll(log, []byte("ccXXXXXX.o"))
}
