package cli

import (
	"fmt"
	"io"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/grader/store"
	"github.com/cs540-tools/autograder/grader/submission"
	ucli "github.com/urfave/cli/v2"
)

// A batch graded on many machines: `grade --shard K/N` grades one slice of
// it into --out/.cache, which every shard shares, and writes nothing else;
// a plain `grade` on the same --out, once every shard is done, finds every
// result there and writes the class-wide files.

func shardFlag() ucli.Flag {
	return &ucli.StringFlag{Name: "shard", Usage: "grade only shard `K/N` (1 ≤ K ≤ N) of the batch into --out/.cache, beside the other shards, and leave results.json and the other class-wide files to a plain grade on the same --out once all are done"}
}

// shard is grade's --shard: the zero value grades the whole batch.
type shard struct{ grader.Shard }

func shardOf(c *ucli.Context) (shard, error) {
	if !c.IsSet("shard") {
		return shard{}, nil
	}
	sh, err := grader.ParseShard(c.String("shard"))
	if err != nil {
		return shard{}, badInputf("--shard %v", err)
	}
	return shard{sh}, nil
}

func (s shard) on() bool { return s.N > 0 }

// pick returns the submissions of the shard.
func (s shard) pick(subs []submission.Submission) []submission.Submission {
	if !s.on() {
		return subs
	}
	return s.Of(subs)
}

// openStore opens the results cache: shared with the other shards, which
// may be writing it at the same time, when grading a shard.
func (s shard) openStore(path string) (*store.Dir, error) {
	if s.on() {
		return store.OpenShared(path)
	}
	return store.Open(path)
}

// done says on stderr what the shard did, and what is left to do.
func (s shard) done(w io.Writer, graded, total int, out string) {
	fmt.Fprintf(w, "shard %s: %d of the batch's %d submissions are in %s/.cache; results.json, gradebook.csv, parts.csv, reports/ and index.html are not written by a shard: run grade without --shard on the same --out once every shard is done\n",
		s.Shard, graded, total, out)
}
