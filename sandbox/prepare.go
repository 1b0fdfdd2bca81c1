package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// prepare checks spec and fills in what both platform implementations
// need: defaults, the files to copy, the environment.
func prepare(spec Spec) (Spec, []File, error) {
	if spec.Path == "" {
		return spec, nil, errors.New("sandbox: empty Path")
	}
	spec.Limits = spec.Limits.withDefaults()
	var files []File
	if spec.Dir != "" {
		var err error
		if files, err = readDir(spec.Dir); err != nil {
			return spec, nil, err
		}
	}
	for _, f := range spec.Files {
		if err := checkName(f.Name); err != nil {
			return spec, nil, err
		}
		files = append(files, f)
	}
	for _, p := range spec.Collect {
		if _, err := path.Match(p, ""); err != nil {
			return spec, nil, fmt.Errorf("sandbox: collect pattern %q: %w", p, err)
		}
	}
	return spec, files, nil
}

// boxProgram returns the file of the box's working directory that a
// relative Path with a slash names ("./main" names "main"), and whether
// Path is one; such a program must be one of files.
func boxProgram(p string, files []File) (string, bool, error) {
	if filepath.IsAbs(p) || path.IsAbs(p) || !strings.Contains(p, "/") {
		return "", false, nil
	}
	name := path.Clean(p)
	if !fs.ValidPath(name) || name == "." {
		return "", true, fmt.Errorf("sandbox: program %q is outside the box's working directory", p)
	}
	for _, f := range files {
		if f.Name == name {
			return name, true, nil
		}
	}
	return "", true, fmt.Errorf("sandbox: program %q is not among the box's files", p)
}

func checkName(name string) error {
	if name == "" || !fs.ValidPath(name) || name == "." {
		return fmt.Errorf("sandbox: bad file name %q: want a relative slash-separated path inside the box", name)
	}
	return nil
}

// readDir reads the regular files below dir; links and special files are
// skipped because a box must not be handed a way out.
func readDir(dir string) ([]File, error) {
	var files []File
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		files = append(files, File{Name: filepath.ToSlash(rel), Data: data, Mode: info.Mode().Perm()})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("sandbox: reading Dir: %w", err)
	}
	return files, nil
}

// env completes the program's environment with the box's defaults.
func env(given []string, home, tmp string) []string {
	out := append([]string(nil), given...)
	for _, kv := range [][2]string{
		{"PATH", "/usr/local/bin:/usr/bin:/bin"},
		{"HOME", home},
		{"TMPDIR", tmp},
		{"LANG", "C.UTF-8"},
		// The same local time on every machine (and libfaketime reads a
		// run's start time in it).
		{"TZ", "UTC0"},
	} {
		if !hasEnv(given, kv[0]) {
			out = append(out, kv[0]+"="+kv[1])
		}
	}
	return out
}

// hasEnv reports whether env sets key; keys compare without case, as
// Windows does.
func hasEnv(env []string, key string) bool {
	for _, kv := range env {
		if k, _, ok := strings.Cut(kv, "="); ok && strings.EqualFold(k, key) {
			return true
		}
	}
	return false
}
