package pybridge

import (
	"os/exec"
	"testing"
)

// TestPythonVectors: the Python bridge reads and writes the protocol's
// frames, encodes and decodes its values, and refuses the malformed ones,
// as the vectors the relay and the Java bridge are tested against say
// (../relay/testdata, ../relay/PROTOCOL.md; vectors_check.py).
func TestPythonVectors(t *testing.T) {
	py := needPython(t)
	out, err := exec.Command(py, "-I", "-B", "vectors_check.py", "../relay/testdata").CombinedOutput()
	if err != nil {
		t.Fatalf("vectors_check.py: %v\n%s", err, out)
	}
}
