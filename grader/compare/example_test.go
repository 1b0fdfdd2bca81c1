package compare_test

import (
	"fmt"

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
