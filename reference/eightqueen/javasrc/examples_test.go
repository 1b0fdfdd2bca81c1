package javasrc_test

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/reference/eightqueen/javasrc"
)

// exampleBatch is the repository's example batch: alice's program is a
// readable folder, the others are zips as students hand them in (hw4.zip
// with a folder inside), which also exercises the grader's archive path.
var exampleBatch = []struct{ student, variant string }{
	{"alice", "correct"},
	{"bob", "mistake-sa-no-cooling"},
	{"carol", "mistake-value-first-order"},
	{"dave", "extra-compile-error"},
	{"erin", "extra-package"},
	{"frank", "mistake-lowercase-solved"},
}

func exampleFile(student string) (path, inZip string) {
	if student == "alice" {
		return filepath.Join("..", "..", "..", "examples", "alice", javasrc.FileName), ""
	}
	return filepath.Join("..", "..", "..", "examples", student+".zip"), "hw4/" + javasrc.FileName
}

// zipOf packs one file with a fixed time, so the bytes never change.
func zipOf(name, content string) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: time.Date(2025, 3, 5, 9, 0, 0, 0, time.UTC)})
	if err == nil {
		_, err = io.WriteString(w, content)
	}
	if err == nil {
		err = zw.Close()
	}
	if err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// The example batch is made of generated variants; it must not drift from
// the generator (-update rewrites it).
func TestExampleBatchIsGenerated(t *testing.T) {
	byName := map[string]javasrc.Variant{}
	for _, v := range javasrc.Variants() {
		byName[v.Name()] = v
	}
	for _, ex := range exampleBatch {
		v, ok := byName[ex.variant]
		if !ok {
			t.Fatalf("no variant %q", ex.variant)
		}
		src := javasrc.Source(v)
		path, inZip := exampleFile(ex.student)
		want := []byte(src)
		if inZip != "" {
			want = zipOf(inZip, src)
		}
		if testenv.Update() {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not the generated %s (go test ./reference/eightqueen/javasrc -run TestExampleBatch -update)", path, ex.variant)
		}
	}
}
