package cli

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/cs540-tools/autograder/cmd/autograder/internal/bundle"
	"github.com/cs540-tools/autograder/grader"
)

// The batch's secret: random bytes kept outside every box, from which a
// repeated case's runs take their clocks (grader.Options.Secret) and warm
// mode chooses its spot checks (warm.Options.Secret). No program can
// compute either, so none can carry a table of the runs it would fail,
// or know which warm answers are checked. grade keeps it in
// --out/.cache/secret, made on the first run and read by every later one
// (a resume, a regrade, the other shards): the same secret gives the
// same clocks, so the same results. A file .autograder-secret beside the
// rubric, when there is one, is the secret instead, for every --out
// (regrades into new folders, shards on machines that do not share one).
// check and ci, which run public cases for a student, use none.

// secretFile is the rubric-side secret's name.
const secretFile = ".autograder-secret"

// minSecret is the fewest bytes a secret may have.
const minSecret = 16

// rubricSecret reads the secret file beside a's rubric: nil, "" when there
// is none (a built-in assignment has none), else the secret and its path.
func rubricSecret(a *grader.Assignment) ([]byte, string, error) {
	if _, ok := bundle.Name(a.Rubric.Path); ok {
		return nil, "", nil
	}
	p := filepath.Join(filepath.Dir(a.Rubric.Path), secretFile)
	data, err := os.ReadFile(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, "", nil
	case err != nil:
		return nil, p, badInputf("%s: %v", p, err)
	}
	s, err := parseSecret(p, data)
	return s, p, err
}

// batchSecret is grade's secret: the rubric's, else the one in cacheDir
// (--out/.cache), made there on first use. Concurrent shards agree: the
// file is made whole under a temporary name and linked into place, and
// only the first link succeeds.
func batchSecret(a *grader.Assignment, cacheDir string) ([]byte, error) {
	if s, p, err := rubricSecret(a); p != "" {
		return s, err
	}
	p := filepath.Join(cacheDir, "secret")
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return nil, err
	}
	if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
		if err := makeSecret(p); err != nil {
			return nil, err
		}
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	return parseSecret(p, data)
}

// makeSecret writes a new random secret to p, unless another process
// has just written one there.
func makeSecret(p string) error {
	tmp, err := os.CreateTemp(filepath.Dir(p), ".secret.*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	_, werr := io.WriteString(tmp, newSecret()+"\n")
	serr := tmp.Sync()
	if err := errors.Join(werr, serr, tmp.Close()); err != nil {
		return fmt.Errorf("writing %s: %w", p, err)
	}
	if err := os.Chmod(tmp.Name(), 0o600); err != nil {
		return err
	}
	if err := os.Link(tmp.Name(), p); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("writing %s: %w", p, err)
	}
	return nil
}

// newSecret is 32 random bytes in hex.
func newSecret() string {
	b := make([]byte, 32)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// parseSecret reads a secret file: hex digits, at least minSecret bytes,
// surrounding space ignored.
func parseSecret(p string, data []byte) ([]byte, error) {
	s, err := hex.DecodeString(strings.TrimSpace(string(data)))
	if err != nil || len(s) < minSecret {
		return nil, badInputf("%s: the batch's secret must be at least %d hex digits (%d random bytes), alone in the file", p, 2*minSecret, minSecret)
	}
	return s, nil
}

// oneOffSecret is gradescope's secret: the rubric's, else a new one, with
// a warning that a regrade's repeated runs will see other clocks (none
// when no case has a runs line: then no run depends on the secret).
func oneOffSecret(a *grader.Assignment, errw io.Writer) ([]byte, error) {
	if s, p, err := rubricSecret(a); p != "" {
		return s, err
	}
	if !hasRuns(a) {
		s, _ := hex.DecodeString(newSecret())
		return s, nil
	}
	fmt.Fprintf(errw, "autograder: warning: no %s beside the rubric: this grading's repeated runs take their clocks from a one-off secret, and a regrade's will differ (put one there, made with: openssl rand -hex 32)\n", secretFile)
	s, _ := hex.DecodeString(newSecret())
	return s, nil
}

// hasRuns reports whether a case of a has a runs line: its runs' seeds
// and clocks come from the secret.
func hasRuns(a *grader.Assignment) bool {
	for _, cs := range a.Parts {
		for _, c := range cs {
			if c.Runs > 0 {
				return true
			}
		}
	}
	return false
}
