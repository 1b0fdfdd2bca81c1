package grader_test

import (
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/rubric"
)

func TestLimitDescribe(t *testing.T) {
	lim := rubric.Limits{Wall: 10 * time.Second, CPU: 5 * time.Second, Memory: 512 << 20, Output: 1 << 20}
	odd := rubric.Limits{Wall: 1500 * time.Millisecond, CPU: 250 * time.Millisecond, Memory: 3 << 30, Output: 64<<10 + 1}
	for _, tc := range []struct {
		l    grader.Limit
		lim  rubric.Limits
		want string
	}{
		{grader.None, lim, ""},
		{grader.CPU, lim, "ran past the 5 s CPU limit"},
		{grader.Wall, lim, "ran past the 10 s wall-time limit"},
		{grader.Memory, lim, "used more than the 512 MiB memory limit"},
		{grader.Output, lim, "printed more than the 1 MiB output limit"},
		{grader.CPU, odd, "ran past the 250 ms CPU limit"},
		{grader.Wall, odd, "ran past the 1.5 s wall-time limit"},
		{grader.Memory, odd, "used more than the 3 GiB memory limit"},
		{grader.Output, odd, "printed more than the 65537 bytes output limit"},
		{grader.CPU, rubric.Limits{}, "ran past the CPU limit"},
		{grader.Procs, lim, "started more processes than the limit allows"},
		{grader.FileSize, lim, "hit the file-size limit"},
	} {
		if got := tc.l.Describe(tc.lim); got != tc.want {
			t.Errorf("%q under %+v: %q, want %q", tc.l, tc.lim, got, tc.want)
		}
	}
}
