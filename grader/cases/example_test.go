package cases_test

import (
	"fmt"

	"github.com/cs540-tools/autograder/grader/cases"
)

func ExampleParse() {
	c, err := cases.Parse("cases/d/hidden-03.case", []byte(`# 4XX at its cutoff on a board with no better move
args: 408 12375643
-- stdout cutoff-silent --
0:12375643 14
1:02375643 10
2:00375643 8
3:20375643 7
4:20175643 5
5:20135643 4
6:27135643 3
7:27135043 2
8:27135040 1
-- stdout cutoff-optimum --
0:12375643 14
1:02375643 10
2:00375643 8
3:20375643 7
4:20175643 5
5:20135643 4
6:27135643 3
7:27135043 2
8:27135040 1
Local optimum
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.ID, c.Args, c.Visibility)
	for _, o := range c.Accepts([]string{"cutoff-optimum"}) {
		fmt.Printf("%q\n", o.Stdout)
	}
	// Output:
	// d/hidden-03 [408 12375643] hidden
	// "0:12375643 14\n1:02375643 10\n2:00375643 8\n3:20375643 7\n4:20175643 5\n5:20135643 4\n6:27135643 3\n7:27135043 2\n8:27135040 1\nLocal optimum\n"
}
