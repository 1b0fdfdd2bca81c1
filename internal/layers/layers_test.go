package layers

import (
	"slices"
	"testing"
)

func TestBackReferences(t *testing.T) {
	for _, tc := range []struct {
		name string
		uses map[string]map[string]bool
		want []string
	}{
		{"layers", map[string]map[string]bool{"a.go": {"b.go": true}, "b.go": {"c.go": true}, "c.go": {}}, nil},
		{"pair", map[string]map[string]bool{"a.go": {"b.go": true}, "b.go": {"a.go": true}},
			[]string{"a.go -> b.go -> a.go", "b.go -> a.go -> b.go"}},
		{"round", map[string]map[string]bool{"a.go": {"b.go": true}, "b.go": {"c.go": true}, "c.go": {"a.go": true}, "d.go": {"a.go": true}},
			[]string{"a.go -> b.go -> c.go -> a.go", "b.go -> c.go -> a.go -> b.go", "c.go -> a.go -> b.go -> c.go"}},
	} {
		if got := BackReferences(tc.uses); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestOwnPackage: this package's files stand in layers too.
func TestOwnPackage(t *testing.T) {
	Check(t, 0)
}
