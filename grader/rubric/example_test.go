package rubric_test

import (
	"errors"
	"fmt"

	"github.com/cs540-tools/autograder/grader/rubric"
)

func ExampleLoad() {
	r, err := rubric.Load("testdata/full.toml")
	if err != nil {
		fmt.Println(err)
		return
	}
	build, run := r.Build.Commands()
	fmt.Println(r.Name, r.Total, len(r.Parts), "parts")
	fmt.Println(build, run)
	days := r.Late.DaysLate(r.Late.Deadline.Add(30 * 60 * 60 * 1e9)) // 30 hours late
	percent, accepted := r.Late.Penalty(days)
	fmt.Println(days, percent, accepted)
	// Output:
	// CS540 HW4: Eight Queens 60 4 parts
	// [[javac -encoding UTF-8 EightQueen.java]] [java -cp . EightQueen]
	// 2 25 true
}

func ExampleParse() {
	_, err := rubric.Parse("rubric.toml", []byte("name = \"HW\"\ntotl = 60\n"), "testdata")
	fmt.Println(err)
	fmt.Println(errors.Is(err, rubric.ErrInvalid))
	// Output:
	// rubric.toml:2:1: unknown key "totl"
	// true
}
