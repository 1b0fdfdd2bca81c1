package ruletable_test

import (
	"testing"

	"github.com/cs540-tools/autograder/internal/layers"
)

// TestFilesInLayers: each file uses only files beneath it (internal/layers).
func TestFilesInLayers(t *testing.T) {
	layers.Check(t, 0)
}
