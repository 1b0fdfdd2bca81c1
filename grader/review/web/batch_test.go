package web

import (
	"fmt"
	"testing"
)

func TestSummary(t *testing.T) {
	got := summary([]string{"a/1: wrong-answer: m", "a/2: wrong-answer: m", "a/3: timeout", "a/4: wrong-answer: m",
		"a/5: wrong-answer: m", "a/6: wrong-answer: m", "known mistake: m"})
	want := "[wrong-answer: m: 5 cases (a/1, a/2, a/4, a/5, ...) timeout: 1 case (a/3) known mistake: m]"
	if fmt.Sprint(got) != want {
		t.Errorf("summary:\n got %s\nwant %s", got, want)
	}
}
