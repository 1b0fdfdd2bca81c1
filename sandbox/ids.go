package sandbox

import (
	"fmt"
	"os"
)

// Box uids, when the grader is root on Linux: far from the ids of real
// users and of the usual subordinate ranges, and a block of
// boxUIDsPerProcess for each grader process, so that concurrent graders
// (and test binaries) do not share uids either.
const (
	boxUIDBase        = 1_000_000_000
	boxUIDCount       = 1_000_000_000
	boxUIDsPerProcess = 10_000
)

// ownUIDs is the first box uid of this process's block.
func ownUIDs() int {
	return boxUIDBase + os.Getpid()%(boxUIDCount/boxUIDsPerProcess)*boxUIDsPerProcess
}

// tempPrefix names the fallback and basic tiers' working directories.
var tempPrefix = fmt.Sprintf("autograder-sandbox-%d-", os.Getpid())
