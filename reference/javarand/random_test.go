package javarand_test

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/reference/internal/javatest"
	"github.com/cs540-tools/autograder/reference/javarand"
)

// tablePath is the committed output of testdata/RandomTable.java, run on a real JVM.
var tablePath = filepath.Join("testdata", "java-values.txt")

// row is one line of the table: the values a fresh generator gave for op.
type row struct {
	line   int
	seed   int64
	op     string
	calls  int   // next(bits) calls that produced the values
	after  int32 // the next(32) that followed
	values []string
}

func (r row) String() string { return fmt.Sprintf("line %d (seed=%d op=%s)", r.line, r.seed, r.op) }

func parseTable(data []byte) ([]row, error) {
	var rows []row
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 5 {
			return nil, fmt.Errorf("line %d: want 5 fields, got %q", n, line)
		}
		var vals [5]string
		for i, key := range []string{"seed=", "op=", "calls=", "after=", "values="} {
			v, ok := strings.CutPrefix(f[i], key)
			if !ok {
				return nil, fmt.Errorf("line %d: field %d is %q, want %s...", n, i+1, f[i], key)
			}
			vals[i] = v
		}
		r := row{line: n, op: vals[1], values: strings.Split(vals[4], ",")}
		var err error
		if r.seed, err = strconv.ParseInt(vals[0], 10, 64); err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		if r.calls, err = strconv.Atoi(vals[2]); err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		after, err := strconv.ParseInt(vals[3], 10, 32)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		r.after = int32(after)
		rows = append(rows, r)
	}
	return rows, sc.Err()
}

func dbl(d float64) string { return strconv.FormatInt(int64(math.Float64bits(d)), 10) }

// drawer returns how the Go twin draws one value of op, formatted as RandomTable.java prints it.
func drawer(op string) (func(*javarand.Random) string, error) {
	if s, ok := strings.CutPrefix(op, "next("); ok {
		bits, err := strconv.Atoi(strings.TrimSuffix(s, ")"))
		if err != nil || bits < 1 || bits > 32 {
			return nil, fmt.Errorf("bad op %q", op)
		}
		return func(r *javarand.Random) string { return strconv.Itoa(int(r.Next(uint(bits)))) }, nil
	}
	if s, ok := strings.CutPrefix(op, "nextInt("); ok {
		bound, err := strconv.ParseInt(strings.TrimSuffix(s, ")"), 10, 32)
		if err != nil || bound <= 0 {
			return nil, fmt.Errorf("bad op %q", op)
		}
		return func(r *javarand.Random) string { return strconv.Itoa(int(r.NextInt(int32(bound)))) }, nil
	}
	switch op {
	case "nextDouble":
		return func(r *javarand.Random) string { return dbl(r.NextDouble()) }, nil
	case "nextLong", "setSeed:nextLong":
		return func(r *javarand.Random) string { return strconv.FormatInt(r.NextLong(), 10) }, nil
	case "anneal":
		return func(r *javarand.Random) string {
			index := r.NextInt(7)
			value := r.NextInt(7)
			return fmt.Sprintf("%d:%d:%s", index, value, dbl(r.NextDouble()))
		}, nil
	}
	return nil, fmt.Errorf("unknown op %q", op)
}

// generator returns the Go twin set up as RandomTable.java sets up op's generator.
func generator(seed int64, op string) *javarand.Random {
	if strings.HasPrefix(op, "setSeed:") {
		r := javarand.NewUnseeded() // new Random(); nextInt(); setSeed(seed)
		r.Next(32)
		r.SetSeed(seed)
		return r
	}
	return javarand.New(seed)
}

// stepsBetween counts the next(bits) calls that take from to to.
func stepsBetween(from, to javarand.Random, limit int) int {
	for n := 0; n <= limit; n++ {
		if from == to {
			return n
		}
		from.Next(32)
	}
	return -1
}

// checkRow reports how the Go twin differs from one row of Java values.
func checkRow(r row) error {
	draw, err := drawer(r.op)
	if err != nil {
		return err
	}
	g := generator(r.seed, r.op)
	start := *g
	for i, want := range r.values {
		if got := draw(g); got != want {
			return fmt.Errorf("value %d: Go %s, Java %s", i+1, got, want)
		}
	}
	if calls := stepsBetween(start, *g, 10*r.calls+100); calls != r.calls {
		return fmt.Errorf("Go made %d next(bits) calls for %d values, Java %d", calls, len(r.values), r.calls)
	}
	if after := g.Next(32); after != r.after {
		return fmt.Errorf("next(32) after the values: Go %d, Java %d", after, r.after)
	}
	return nil
}

func readCommitted(t *testing.T) ([]byte, []row) {
	t.Helper()
	data, err := os.ReadFile(tablePath)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := parseTable(data)
	if err != nil {
		t.Fatalf("%s: %v", tablePath, err)
	}
	return data, rows
}

// The table must keep covering what the issue asks for, so that a smaller
// regenerated table cannot pass unnoticed.
func TestTableCoverage(t *testing.T) {
	_, rows := readCommitted(t)
	have := map[string]row{}
	for _, r := range rows {
		have[fmt.Sprintf("%d %s", r.seed, r.op)] = r
	}
	seeds := []int64{0, 1, -1, 42, -123456789, 1 << 40, math.MinInt64, math.MaxInt64, math.MinInt32, math.MaxInt32}
	ops := []string{"next(31)", "next(32)", "nextInt(1)", "nextInt(7)", "nextInt(8)", "nextInt(56)",
		"nextInt(1073741825)", "nextInt(2147483647)", "nextDouble", "nextLong", "anneal", "setSeed:nextLong"}
	for _, s := range seeds {
		for _, op := range ops {
			if _, ok := have[fmt.Sprintf("%d %s", s, op)]; !ok {
				t.Errorf("table has no row for seed=%d op=%s", s, op)
			}
		}
	}
	// Rows where Java's nextInt rejection loop did reject a draw: the Go twin
	// must reject the same draws (checked in TestTwinMatchesCommittedTable).
	rejects := []struct {
		seed int64
		op   string
	}{
		{0, "nextInt(1073741825)"},
		{16, "nextInt(1073741825)"},               // six rejections before the first value
		{162683525171787, "nextInt(7)"},           // first next(31) is 2^31-1
		{162683525171787, "nextInt(2147483647)"},  // the only draw 2^31-1 rejects
		{-118791451538869, "nextInt(2147483647)"}, // same state, high bits set
	}
	for _, want := range rejects {
		r, ok := have[fmt.Sprintf("%d %s", want.seed, want.op)]
		if !ok {
			t.Errorf("table has no row for seed=%d op=%s", want.seed, want.op)
			continue
		}
		if r.calls <= len(r.values) {
			t.Errorf("%v: %d calls for %d values: the rejection loop never rejected", r, r.calls, len(r.values))
		}
	}
	// new Random(s) and new Random(); setSeed(s) give the same sequence.
	for _, r := range rows {
		if r.op != "setSeed:nextLong" {
			continue
		}
		n, ok := have[fmt.Sprintf("%d nextLong", r.seed)]
		if !ok || strings.Join(n.values, ",") != strings.Join(r.values, ",") || n.after != r.after {
			t.Errorf("%v: setSeed sequence differs from new Random(%d)", r, r.seed)
		}
	}
}

func TestTwinMatchesCommittedTable(t *testing.T) {
	_, rows := readCommitted(t)
	if len(rows) < 100 {
		t.Fatalf("%s holds only %d rows", tablePath, len(rows))
	}
	for _, r := range rows {
		if err := checkRow(r); err != nil {
			t.Errorf("%v: %v", r, err)
		}
	}
}

// TestTwinMatchesJVM regenerates the table in a JVM: it must equal the
// committed file byte for byte, and the Go twin must match it.
func TestTwinMatchesJVM(t *testing.T) {
	committed, _ := readCommitted(t)
	fresh := javatest.CompileAndRun(t, filepath.Join("testdata", "RandomTable.java"), "RandomTable", nil)
	rows, err := parseTable(fresh)
	if err != nil {
		t.Fatalf("RandomTable output: %v", err)
	}
	for _, r := range rows {
		if err := checkRow(r); err != nil {
			t.Errorf("fresh JVM %v: %v", r, err)
		}
	}
	if !bytes.Equal(fresh, committed) {
		t.Errorf("a fresh RandomTable run differs from %s: regenerate it with the command in RandomTable.java", tablePath)
	}
}
