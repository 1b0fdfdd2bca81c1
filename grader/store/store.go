// Package store keeps finished grading results on disk, one file per
// result keyed by its content hash, so that an interrupted batch resumes
// without regrading what was done. Every write is atomic (a temporary file
// renamed into place): a kill leaves either the whole result or none.
package store

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/cs540-tools/autograder/grader"
	"github.com/cs540-tools/autograder/internal/atomicfile"
)

// Dir is a store in a folder.
type Dir struct{ path string }

// Open creates the folder if needed and removes the temporary files a
// killed run may have left behind (".KEY.json.*"; never a finished result).
// It is for a store one process writes at a time: see OpenShared.
func Open(path string) (*Dir, error) {
	d, err := OpenShared(path)
	if err != nil {
		return nil, err
	}
	leftovers, err := filepath.Glob(filepath.Join(path, ".*.json.*"))
	if err != nil {
		return nil, err
	}
	for _, f := range leftovers {
		if err := os.Remove(f); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	return d, nil
}

// OpenShared creates the folder if needed, for a store other processes
// write at the same time, perhaps on other machines over a shared
// filesystem (the shards of one batch). It leaves the temporary files
// alone: one may be another writer's result about to be renamed into
// place. Writers never share a file (each result is written under a fresh
// temporary name, then renamed to its own key), so they need no lock; the
// next Open, once they are all done, removes what a killed one left.
func OpenShared(path string) (*Dir, error) {
	if err := os.MkdirAll(path, 0o755); err != nil {
		return nil, err
	}
	return &Dir{path}, nil
}

func (d *Dir) file(key string) string { return filepath.Join(d.path, key+".json") }

// Get returns the stored result for key. A file that does not parse is
// treated as absent (it will be regraded and overwritten).
func (d *Dir) Get(key string) (grader.Result, bool, error) {
	var r grader.Result
	data, err := os.ReadFile(d.file(key))
	if errors.Is(err, fs.ErrNotExist) {
		return r, false, nil
	}
	if err != nil {
		return r, false, err
	}
	if json.Unmarshal(data, &r) != nil || r.Key != key {
		return grader.Result{}, false, nil
	}
	return r, true, nil
}

// Put stores r under key.
func (d *Dir) Put(key string, r grader.Result) error {
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(d.file(key), data)
}
