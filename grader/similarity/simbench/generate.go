package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

// generate writes n synthetic Java submissions of about 300 lines each
// under dir, one folder each: random methods of loops, conditions and
// arithmetic over a few names, every tenth a disguised copy of the one
// before (names changed, some lines dropped), so that the batch has
// copies to find. The same n writes the same files.
func generate(dir string, n int) error {
	if dir == "" {
		return fmt.Errorf("-generate needs -out DIR")
	}
	rng := rand.New(rand.NewPCG(31, uint64(n)))
	var prev []string
	for i := range n {
		lines := program(rng, i)
		if i%10 == 9 {
			lines = disguise(rng, prev)
		}
		prev = lines
		sub := filepath.Join(dir, fmt.Sprintf("s%04d", i))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(sub, "Main.java"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// program is a random class of about 300 lines.
func program(rng *rand.Rand, id int) []string {
	lines := []string{"import java.util.*;", "", "public class Main {"}
	for m := 0; len(lines) < 290; m++ {
		lines = append(lines, fmt.Sprintf("    static int f%d(int a, int b) {", m), "        int x = a, y = b, z = 0;")
		for s := 0; s < 8+rng.IntN(8); s++ {
			lines = append(lines, statement(rng)...)
		}
		lines = append(lines, "        return x + y + z;", "    }", "")
	}
	return append(lines, fmt.Sprintf("    public static void main(String[] args) { System.out.println(f0(%d, 2)); }", id), "}")
}

// statement is one random statement, a loop or condition with a body.
func statement(rng *rand.Rand) []string {
	v := []string{"x", "y", "z"}
	pick := func() string { return v[rng.IntN(3)] }
	ops := []string{"+", "-", "*", "%", "^"}
	expr := func() string {
		return fmt.Sprintf("%s %s %d", pick(), ops[rng.IntN(len(ops))], 1+rng.IntN(9))
	}
	switch rng.IntN(4) {
	case 0:
		return []string{fmt.Sprintf("        for (int i = 0; i < %d; i++) {", 2+rng.IntN(20)),
			fmt.Sprintf("            %s += %s;", pick(), expr()), "        }"}
	case 1:
		return []string{fmt.Sprintf("        if (%s > %s) {", pick(), pick()),
			fmt.Sprintf("            %s = %s;", pick(), expr()), "        } else {",
			fmt.Sprintf("            %s -= %d;", pick(), rng.IntN(5)), "        }"}
	case 2:
		return []string{fmt.Sprintf("        while (%s < %d) {", pick(), 10+rng.IntN(90)),
			fmt.Sprintf("            %s = %s + 1;", pick(), pick()), "        }"}
	}
	return []string{fmt.Sprintf("        %s = %s;", pick(), expr())}
}

// disguise renames a program's variables and drops a few of its lines.
func disguise(rng *rand.Rand, lines []string) []string {
	r := strings.NewReplacer("x", "alpha", "y", "beta", "z", "gamma")
	var out []string
	for _, l := range lines {
		if strings.HasPrefix(l, "        ") && !strings.HasSuffix(l, "{") && !strings.HasSuffix(l, "}") && rng.IntN(20) == 0 {
			continue
		}
		out = append(out, r.Replace(l))
	}
	return out
}
