//go:build unix

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
		for s := 0; s < 6+rng.IntN(6); s++ {
			lines = append(lines, statement(rng)...)
		}
		lines = append(lines, "        return x + y + z;", "    }", "")
	}
	return append(lines, fmt.Sprintf("    public static void main(String[] args) { System.out.println(f0(%d, 2)); }", id), "}")
}

// statement is one random statement: an assignment, a loop, a
// condition, a call or an array update, over random expressions.
func statement(rng *rand.Rand) []string {
	v := []string{"x", "y", "z"}
	pick := func() string { return v[rng.IntN(3)] }
	e := func() string { return expr(rng, 2) }
	switch rng.IntN(7) {
	case 0:
		return []string{fmt.Sprintf("        for (int i = 0; i < %s; i++) {", e()),
			fmt.Sprintf("            %s += %s;", pick(), e()), "        }"}
	case 1:
		return []string{fmt.Sprintf("        if (%s > %s) {", e(), e()),
			fmt.Sprintf("            %s = %s;", pick(), e()), "        } else {",
			fmt.Sprintf("            %s -= %s;", pick(), e()), "        }"}
	case 2:
		return []string{fmt.Sprintf("        while (%s < %s) {", pick(), e()),
			fmt.Sprintf("            %s++;", pick()), "        }"}
	case 3:
		return []string{fmt.Sprintf("        System.out.println(%q + %s);", pick(), e())}
	case 4:
		return []string{fmt.Sprintf("        int[] t%d = new int[%d];", rng.IntN(9), 2+rng.IntN(9)),
			fmt.Sprintf("        %s = Math.max(%s, %s);", pick(), e(), e())}
	case 5:
		return []string{fmt.Sprintf("        if (%s == %s) return %s;", pick(), e(), e())}
	}
	return []string{fmt.Sprintf("        %s = %s;", pick(), e())}
}

// expr is a random expression at most depth deep.
func expr(rng *rand.Rand, depth int) string {
	leaves := []string{"x", "y", "z", "a", "b", "1", "2", "7", "Math.abs(x)", "(x % 3)"}
	if depth == 0 || rng.IntN(3) == 0 {
		return leaves[rng.IntN(len(leaves))]
	}
	ops := []string{"+", "-", "*", "/", "%", "^", "&", "|", "<<", ">>"}
	x, y := expr(rng, depth-1), expr(rng, depth-1)
	switch rng.IntN(4) {
	case 0:
		return "(" + x + " " + ops[rng.IntN(len(ops))] + " " + y + ")"
	case 1:
		return fmt.Sprintf("f%d(%s, %s)", rng.IntN(5), x, y)
	}
	return x + " " + ops[rng.IntN(len(ops))] + " " + y
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
