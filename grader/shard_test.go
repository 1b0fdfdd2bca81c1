package grader

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cs540-tools/autograder/grader/submission"
)

func TestParseShard(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Shard
		err  string // a part of the error; "" for none
	}{
		{"1/1", Shard{1, 1}, ""},
		{"1/3", Shard{1, 3}, ""},
		{"3/3", Shard{3, 3}, ""},
		{"12/100", Shard{12, 100}, ""},
		{"0/3", Shard{}, `"0/3": K must be 1 to 3 (shards are numbered from 1)`},
		{"4/3", Shard{}, `"4/3": K must be 1 to 3`},
		{"1/0", Shard{}, `"1/0": N must be at least 1`},
		{"x/y", Shard{}, `"x/y" is not K/N`},
		{"3", Shard{}, `"3" is not K/N`},
		{"", Shard{}, `"" is not K/N`},
		{"1/3/5", Shard{}, `is not K/N`},
		{"+1/3", Shard{}, `is not K/N`},
		{"-1/3", Shard{}, `is not K/N`},
		{" 1/3", Shard{}, `is not K/N`},
		{"1/99999999999999999999", Shard{}, `is not K/N`},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseShard(tc.in)
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("ParseShard(%q): %v", tc.in, err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("ParseShard(%q) = %v, %v; want an error with %q", tc.in, got, err, tc.err)
			case got != tc.want:
				t.Fatalf("ParseShard(%q) = %v, want %v", tc.in, got, tc.want)
			}
		})
	}
}

// Every submission is in exactly one shard, and the shards are not far
// from even.
func TestShardPartition(t *testing.T) {
	var subs []submission.Submission
	for i := range 3000 {
		subs = append(subs, submission.Submission{ID: fmt.Sprintf("student%04d", i)})
	}
	for _, n := range []int{1, 2, 3, 7} {
		seen := map[string]int{}
		for k := 1; k <= n; k++ {
			part := Shard{k, n}.Of(subs)
			if len(part) < len(subs)/n*8/10 || len(part) > len(subs)/n*12/10 {
				t.Errorf("shard %d/%d has %d of %d submissions", k, n, len(part), len(subs))
			}
			for _, s := range part {
				seen[s.ID]++
			}
		}
		for _, s := range subs {
			if seen[s.ID] != 1 {
				t.Fatalf("N=%d: %s is in %d shards", n, s.ID, seen[s.ID])
			}
		}
	}
}

// The split is a function of the ID alone (FNV-1a 64 modulo N, plus one):
// pinned, so that a change that would move submissions between the shards
// of a batch already under way on a cluster cannot go unnoticed.
func TestShardPinned(t *testing.T) {
	want := map[string]int{"alice": 3, "bob": 1, "carol": 2, "dave": 1, "erin": 3, "frank": 3, "alicesmith_1001": 3, "anon_Xy7Qz": 2}
	for id, k := range want {
		got := 0
		for j := 1; j <= 3; j++ {
			if (Shard{j, 3}).Has(id) {
				got = j
			}
		}
		if got != k {
			t.Errorf("%s is in shard %d/3, want %d/3", id, got, k)
		}
	}
}

func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"1/3", "0/3", "4/3", "x/y", "", "/", "1/", "07/10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := ParseShard(s)
		if err != nil {
			return
		}
		if sh.K < 1 || sh.K > sh.N {
			t.Fatalf("ParseShard(%q) = %v", s, sh)
		}
		if again, err := ParseShard(sh.String()); err != nil || again != sh {
			t.Fatalf("ParseShard(%q) = %v, but %q gives %v, %v", s, sh, sh.String(), again, err)
		}
	})
}
