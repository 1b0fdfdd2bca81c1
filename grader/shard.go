package grader

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/cs540-tools/autograder/grader/submission"
)

// Shard is the K-th of N disjoint slices of a batch (1 ≤ K ≤ N), for
// grading one batch on many machines: every machine grades one shard into
// a shared store, and a last plain run finds every result there.
//
// A submission belongs to the shard its ID hashes to (FNV-1a, 64 bits,
// modulo N), never to its position in the batch: adding or removing other
// submissions moves none, and every machine computes the same split from
// the ID alone.
type Shard struct{ K, N int }

// ParseShard reads "K/N", both decimal, 1 ≤ K ≤ N.
func ParseShard(s string) (Shard, error) {
	ks, ns, ok := strings.Cut(s, "/")
	k, kerr := strconv.Atoi(ks)
	n, nerr := strconv.Atoi(ns)
	switch {
	case !ok || kerr != nil || nerr != nil || strings.ContainsAny(s, "+- "):
		return Shard{}, fmt.Errorf("%q is not K/N (two whole numbers, e.g. 2/3)", s)
	case n < 1:
		return Shard{}, fmt.Errorf("%q: N must be at least 1", s)
	case k < 1 || k > n:
		return Shard{}, fmt.Errorf("%q: K must be 1 to %d (shards are numbered from 1)", s, n)
	}
	return Shard{K: k, N: n}, nil
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.K, s.N) }

// Has says whether the submission with this ID belongs to the shard.
func (s Shard) Has(id string) bool {
	h := fnv.New64a()
	h.Write([]byte(id))
	return int(h.Sum64()%uint64(s.N))+1 == s.K
}

// Of returns the submissions of subs that belong to the shard, in order.
func (s Shard) Of(subs []submission.Submission) []submission.Submission {
	var out []submission.Submission
	for _, sub := range subs {
		if s.Has(sub.ID) {
			out = append(out, sub)
		}
	}
	return out
}
