package atomicfile

import (
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
)

// entries lists the folder's file names.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "results.json")
	for _, data := range []string{"first\n", "second, longer\n", ""} {
		if err := WriteFile(name, []byte(data)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(name)
		if err != nil || string(got) != data {
			t.Errorf("read back %q, %v; want %q", got, err, data)
		}
		if es := entries(t, dir); !reflect.DeepEqual(es, []string{"results.json"}) {
			t.Errorf("temporary files left behind: %q", es)
		}
	}
	st, err := os.Stat(name)
	if err != nil || st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, %v; want 0644", st.Mode(), err)
	}

	// A folder that does not exist: an error, nothing written.
	if err := WriteFile(filepath.Join(dir, "no", "such", "file"), []byte("x")); err == nil {
		t.Error("WriteFile into a missing folder succeeded")
	}
	// Renaming onto a folder fails after the temporary file is written:
	// it is removed.
	if err := os.Mkdir(filepath.Join(dir, "taken"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(filepath.Join(dir, "taken"), []byte("x")); err == nil {
		t.Error("WriteFile onto a folder succeeded")
	}
	if es := entries(t, dir); !reflect.DeepEqual(es, []string{"results.json", "taken"}) {
		t.Errorf("after failed writes the folder holds %q", es)
	}
}

// TestConcurrentWriters: readers racing writers see a whole file, old or new.
func TestConcurrentWriters(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "f")
	a, b := make([]byte, 1<<16), make([]byte, 1<<16)
	for i := range a {
		a[i], b[i] = 'a', 'b'
	}
	if err := WriteFile(name, a); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 20 {
				data := a
				if (i+j)%2 == 0 {
					data = b
				}
				if err := WriteFile(name, data); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	for range 200 {
		got, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, a) && !reflect.DeepEqual(got, b) {
			t.Fatalf("read a mixed or partial file of %d bytes", len(got))
		}
	}
	wg.Wait()
	if es := entries(t, dir); !reflect.DeepEqual(es, []string{"f"}) {
		t.Errorf("temporary files left behind: %q", es)
	}
}

// TestPattern: the temporary file of a killed write matches Pattern.
func TestPattern(t *testing.T) {
	name := filepath.Join(t.TempDir(), "snapshot.json")
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		t.Fatal(err)
	}
	tmp.Close()
	got, err := filepath.Glob(Pattern(name))
	if err != nil || len(got) != 1 || got[0] != tmp.Name() {
		t.Errorf("Glob(Pattern) = %q, %v; want [%s]", got, err, tmp.Name())
	}
}
