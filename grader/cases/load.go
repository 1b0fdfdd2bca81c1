package cases

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/internal/atomicfile"
)

// Load reads every case of dir: the files dir/<part>/<name>.case, one level
// of part folders deep, sorted by ID.
func Load(dir string) ([]Case, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var all []Case
	for _, e := range entries {
		if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		cs, err := LoadPart(dir, e.Name())
		if err != nil {
			return nil, err
		}
		all = append(all, cs...)
	}
	sortByID(all)
	return all, nil
}

// LoadPart reads the cases of one part folder, dir/part (part is
// slash-separated and may be nested), sorted by ID. A folder that does not
// exist holds no cases.
func LoadPart(dir, part string) ([]Case, error) {
	folder := filepath.Join(dir, filepath.FromSlash(part))
	entries, err := os.ReadDir(folder)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var cs []Case
	for _, e := range entries {
		name := e.Name()
		if !isCaseFile(name) || e.IsDir() {
			continue
		}
		p := filepath.Join(folder, name)
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		c, err := Parse(p, data)
		if err != nil {
			return nil, err
		}
		c.Part = part
		c.ID = part + "/" + strings.TrimSuffix(name, ".case")
		cs = append(cs, c)
	}
	sortByID(cs)
	return cs, nil
}

func isCaseFile(name string) bool {
	return strings.HasSuffix(name, ".case") && len(name) > len(".case") && !strings.HasPrefix(name, ".")
}

func sortByID(cs []Case) {
	slices.SortStableFunc(cs, func(a, b Case) int { return cmp.Compare(a.ID, b.ID) })
}

// Hash identifies a case set: the SHA-256, in hex, of every case's ID and
// canonical form, in ID order. Paths and comments do not count.
func Hash(cs []Case) string {
	sorted := slices.Clone(cs)
	sortByID(sorted)
	h := sha256.New()
	for _, c := range sorted {
		f := c.Format()
		fmt.Fprintf(h, "%s\x00%d\x00", c.ID, len(f))
		h.Write(f)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Write stores cases under dir as dir/<part>/<name>.case, each through a
// temporary file renamed into place, leaving a file whose content is
// already right untouched. In every part folder it writes, it removes the
// .case files that are not in cs; other folders are left alone. Each case's
// ID must be "<Part>/<name>", and the case must survive Format and Parse
// unchanged.
func Write(dir string, cs []Case) error {
	byPart := map[string][]Case{}
	var parts []string
	ids := map[string]bool{}
	for _, c := range cs {
		if err := writable(c); err != nil {
			return err
		}
		if ids[c.ID] {
			return fmt.Errorf("cases: %s given twice", c.ID)
		}
		ids[c.ID] = true
		if _, ok := byPart[c.Part]; !ok {
			parts = append(parts, c.Part)
		}
		byPart[c.Part] = append(byPart[c.Part], c)
	}
	slices.Sort(parts)
	for _, part := range parts {
		folder := filepath.Join(dir, filepath.FromSlash(part))
		if err := os.MkdirAll(folder, 0o755); err != nil {
			return err
		}
		keep := map[string]bool{}
		for _, c := range byPart[part] {
			name := path.Base(c.ID) + ".case"
			keep[name] = true
			if err := writeFile(filepath.Join(folder, name), c.Format()); err != nil {
				return err
			}
		}
		entries, err := os.ReadDir(folder)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if isCaseFile(e.Name()) && e.Type().IsRegular() && !keep[e.Name()] {
				if err := os.Remove(filepath.Join(folder, e.Name())); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// writable checks that Write can store c so that Load reads it back.
func writable(c Case) error {
	stem := strings.TrimPrefix(c.ID, c.Part+"/")
	switch {
	case c.Part == "" || !filepath.IsLocal(filepath.FromSlash(c.Part)) || strings.Contains(c.Part, `\`) || path.Clean(c.Part) != c.Part:
		return fmt.Errorf("cases: %s: part %q is not a relative folder", c.ID, c.Part)
	case stem == c.ID || stem == "" || strings.ContainsAny(stem, `/\`) || !isCaseFile(stem+".case"):
		return fmt.Errorf("cases: ID %q must be %q followed by a file name", c.ID, c.Part+"/")
	}
	back, err := Parse(c.ID+".case", c.Format())
	if err != nil {
		return fmt.Errorf("cases: %s cannot be written: %w", c.ID, err)
	}
	want := c
	want.Outputs = slices.Clone(c.Outputs)
	want.ID, want.Part, want.Path = back.ID, back.Part, back.Path
	if want.Visibility == "" {
		want.Visibility = Hidden
	}
	for i := range want.Outputs {
		if want.Outputs[i].Stdout == nil {
			want.Outputs[i].Stdout = []byte{}
		}
	}
	if !reflect.DeepEqual(want, back) {
		return fmt.Errorf("cases: %s cannot be written faithfully (an empty reading list, an argument or note with a newline?)", c.ID)
	}
	return nil
}

// writeFile writes data to name unless name holds it already.
func writeFile(name string, data []byte) error {
	if old, err := os.ReadFile(name); err == nil && bytes.Equal(old, data) {
		return nil
	}
	return atomicfile.WriteFile(name, data)
}
