package sandbox

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
)

// matchAny reports whether name matches one of the Collect patterns.
func matchAny(patterns []string, name string) bool {
	for _, p := range patterns {
		if ok, _ := path.Match(p, name); ok {
			return true
		}
	}
	return false
}

// collect reads the files under dir that match the patterns. Links and
// special files are skipped, so that a program cannot make the sandbox
// read anything outside the box; it runs only once everything in the box
// is dead, so nothing can swap a file for a link in between.
func collect(dir string, patterns []string) ([]File, error) {
	var out []File
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if !matchAny(patterns, rel) {
			return nil
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		info, err := f.Stat()
		if err != nil || !info.Mode().IsRegular() {
			return err
		}
		data, err := io.ReadAll(f)
		if err != nil {
			return err
		}
		out = append(out, File{Name: rel, Data: data, Mode: info.Mode().Perm()})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("collecting files: %w", err)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}
