package javabridge

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/internal/testenv"
)

// TestJavaVectors: the Java bridge reads and writes the protocol's
// frames, encodes and decodes its values, and refuses the malformed ones,
// as the vectors the relay and the Python bridge are tested against say
// (../relay/testdata, ../relay/PROTOCOL.md): javatest's Vectors, a small
// main compiled with the bridge's codec (Frames, Json, Values).
func TestJavaVectors(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: this test runs a JVM")
	}
	ctx, cancel := context.WithTimeout(context.Background(), jvmLimit)
	defer cancel()
	jdk, err := toolchain.FindJDK(ctx)
	if err != nil {
		testenv.Missing(t, "no JDK: %v", err)
	}
	main, err := os.ReadFile("javatest/autograder/bridge/Vectors.java")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"autograder/bridge/Vectors.java": main}
	side := TestSideFiles()
	for _, f := range []string{"Frames.java", "Json.java", "Values.java"} {
		files["autograder/bridge/"+f] = side["autograder/bridge/"+f]
	}
	out := filepath.Join(t.TempDir(), "classes")
	if err := Compile(ctx, jdk.Javac, nil, files, out, testJavac(ctx, jdk)...); err != nil {
		t.Fatal(err)
	}
	res, err := exec.CommandContext(ctx, jdk.Java, "-cp", out, "autograder.bridge.Vectors", "../relay/testdata").CombinedOutput()
	if err != nil {
		t.Fatalf("Vectors: %v\n%s", err, res)
	}
}
