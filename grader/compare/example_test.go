package compare_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/cs540-tools/autograder/grader/compare"
)

func ExampleEqual() {
	expected := []byte("0:12375643 14\nSolved\n")
	fmt.Println(compare.Equal(expected, []byte("0:12375643 14  \r\nSolved\r\n\r\n"), compare.Lines))
	fmt.Println(compare.Equal(expected, []byte("0:12375643 14\nsolved\n"), compare.Lines))
	fmt.Println(compare.Equal(expected, []byte("0:12375643 14\nsolved\n"), compare.IgnoreCase))
	// Output:
	// true
	// false
	// true
}

func ExampleExplain() {
	m := compare.Explain([]byte("0:12375643 14\n1:02375643 10\nSolved\n"), []byte("0:12375643 14\n1:02375643  10\nSolved\n"), compare.Lines)
	fmt.Println("line", m.Line)
	fmt.Println("expected:", m.Expected)
	fmt.Println("got:     ", m.Got)
	fmt.Print(m.Diff)
	// Output:
	// line 2
	// expected: 1:02375643·10
	// got:      1:02375643··10
	// --- expected
	// +++ got
	// @@ -1,3 +1,3 @@
	//  0:12375643 14
	// -1:02375643 10
	// +1:02375643  10
	//  Solved
}

func ExampleTokens() {
	// validator_flags: float_tolerance 1e-6
	opt, err := compare.ParseValidatorFlags(strings.Fields("float_tolerance 1e-6"))
	if err != nil {
		log.Fatal(err)
	}
	answer := []byte("3\n0.333333 Solved\n")
	fmt.Println(compare.Tokens(answer, []byte("3 0.3333331\r\nSOLVED"), opt) == nil)
	fmt.Println(compare.Tokens(answer, []byte("3 3.33333e-1 Solved 0\n"), opt))
	m := compare.Tokens(answer, []byte("3\n0.3334 Solved\n"), opt)
	fmt.Println(m.Line)
	fmt.Println(m)
	// Output:
	// true
	// line 1, token 4: expected 3 tokens, got 4 (expected (end of output), got "0")
	// 2
	// line 2, token 2: 0.3334 is not within 1e-06 (absolute or relative) of 0.333333: they differ by 0.000067 (expected "0.333333", got "0.3334")
}

func ExampleParseValidatorFlags() {
	_, err := compare.ParseValidatorFlags(strings.Fields("case_sensitive float_tolerance 1e-6 float_absolute_tolerance 1e-9"))
	fmt.Println(err)
	// Output:
	// validator flag float_absolute_tolerance cannot be combined with float_tolerance
}
