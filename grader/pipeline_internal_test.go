package grader

import (
	"reflect"
	"testing"
)

// TestChunks: a batch's builds are prepared in as many chunks as a warm
// Runner would start compile services (one per job, at least 8 builds
// each), the first the smallest, all of them in order.
func TestChunks(t *testing.T) {
	for _, tc := range []struct {
		n, jobs int
		want    []int
	}{
		{0, 2, nil},
		{5, 2, []int{5}},
		{40, 1, []int{40}},
		{9, 2, []int{3, 6}},
		{40, 2, []int{10, 30}},
		{40, 4, []int{5, 12, 12, 11}},
		{16, 8, []int{4, 12}},
	} {
		if got := chunks(tc.n, tc.jobs); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("chunks(%d, %d) = %v, want %v", tc.n, tc.jobs, got, tc.want)
		}
	}
}
