package problem

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// genVersion changes when Generate would make other bytes of the same
// package: a cache made by another version is not used.
const genVersion = "generate 2"

// CacheEnv names the folder generated test data is cached in, when set;
// else it is the user's cache folder's autograder/problem-data.
const CacheEnv = "AUTOGRADER_CACHE"

// GeneratedData is the folder holding the data/ that the package's
// generators.yaml makes: from the cache when the package's generators,
// submissions and problem.yaml are those it was made from, else made
// now (Generate) and cached.
func GeneratedData(ctx context.Context, dir string, warn io.Writer) (string, error) {
	key, err := genKey(dir)
	if err != nil {
		return "", err
	}
	root, err := cacheRoot()
	if err != nil {
		return "", err
	}
	final := filepath.Join(root, key)
	if info, err := os.Stat(filepath.Join(final, "data")); err == nil && info.IsDir() {
		return final, nil
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return "", fmt.Errorf("generated test data: %w", err)
	}
	tmp, err := os.MkdirTemp(root, ".making-")
	if err != nil {
		return "", fmt.Errorf("generated test data: %w", err)
	}
	defer os.RemoveAll(tmp)
	if err := Generate(ctx, dir, tmp, warn); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, final); err != nil {
		// Another grader made it at the same time: the same bytes.
		if _, serr := os.Stat(filepath.Join(final, "data")); serr != nil {
			return "", fmt.Errorf("generated test data: %w", err)
		}
	}
	return final, nil
}

// cacheRoot is where generated test data is kept.
func cacheRoot() (string, error) {
	if d := os.Getenv(CacheEnv); d != "" {
		return filepath.Abs(d)
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("generated test data: no cache folder (set %s): %w", CacheEnv, err)
	}
	return filepath.Join(base, "autograder", "problem-data"), nil
}

// genKey hashes what the generated data depends on: problem.yaml (its
// constants and type), generators/, the submissions a solution: may
// name, and data/, where a manual case's files are.
func genKey(dir string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n", genVersion)
	for _, sub := range []string{File, "generators", "submissions", "data"} {
		if err := hashTree(h, dir, sub); err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:32], nil
}

// hashTree adds the names and bytes of the regular files under rel (a
// file or a folder) to h; symbolic links are hashed as their targets'
// names, and a link to a regular file by its bytes too.
func hashTree(h io.Writer, dir, rel string) error {
	return filepath.WalkDir(filepath.Join(dir, rel), func(p string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		} else if err != nil {
			return err
		}
		name, _ := filepath.Rel(dir, p)
		name = filepath.ToSlash(name)
		switch {
		case d.IsDir() && strings.HasPrefix(d.Name(), ".") && p != filepath.Join(dir, rel):
			return filepath.SkipDir
		case d.Type()&fs.ModeSymlink != 0:
			t, _ := os.Readlink(p)
			fmt.Fprintf(h, "link %q %q\n", name, t)
			if info, err := os.Stat(p); err == nil && info.Mode().IsRegular() {
				return hashFile(h, p, name) // a program reads what it leads to
			}
		case d.Type().IsRegular():
			return hashFile(h, p, name)
		}
		return nil
	})
}

// hashFile adds a file's name, size and bytes to h.
func hashFile(h io.Writer, p, name string) error {
	f, err := os.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	fmt.Fprintf(h, "file %q %d\n", name, info.Size())
	_, err = io.Copy(h, f)
	return err
}
