package rubric

import (
	"fmt"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

func TestKeyPositions(t *testing.T) {
	src := `# [[part]] in a comment
name = """
[[part]]
id = "x" \"""
"""
"quoted key" = 'lit' # x = 1
arr = [
  1, # comment ]
  "]",
]
dt = 1979-05-27 07:32:00Z
[limits]
wall = "1s"
[[part]]
id = "a"
[[part]]
  id = "b"
  sub.x = { y = [1, {z = 2}] }
[[part.nested]]
y = 2
[[part]]
id = '''c'''''
`
	var m map[string]any
	if _, err := toml.Decode(src, &m); err != nil {
		t.Fatal(err)
	}
	pos := keyPositions(src)
	for _, tc := range []struct {
		path string // with "." between elements
		want string
	}{
		{"name", "2:1"},
		{"quoted key", "6:1"},
		{"arr", "7:1"},
		{"arr.#1", "9:3"},
		{"dt", "11:1"},
		{"limits", "12:1"},
		{"limits.wall", "13:1"},
		{"part", "14:1"},
		{"part.#0", "14:1"},
		{"part.#0.id", "15:1"},
		{"part.#1", "16:1"},
		{"part.#1.id", "17:3"},
		{"part.#1.sub.x", "18:3"},
		{"part.#1.sub.x.y", "18:13"},
		{"part.#1.sub.x.y.#1.z", "18:22"},
		{"part.#1.nested.#0", "19:1"},
		{"part.#1.nested.#0.y", "20:1"},
		{"part.#2", "21:1"},
		{"part.#2.id", "22:1"},
	} {
		p, ok := pos[strings.ReplaceAll(tc.path, ".", pathSep)]
		if got := fmt.Sprintf("%d:%d", p.Line, p.Col); !ok || got != tc.want {
			t.Errorf("position of %s = %s, want %s", tc.path, got, tc.want)
		}
	}
	if len(pos) != 24 { // the above, arr.#0, part.#1.sub, part.#1.nested, part.#1.sub.x.y.#0 and #1
		var keys []string
		for k := range pos {
			keys = append(keys, strings.ReplaceAll(k, pathSep, "."))
		}
		t.Errorf("%d positions, want 24: %q", len(pos), keys)
	}
}
