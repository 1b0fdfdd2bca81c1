package rubric

import (
	"bytes"
	"errors"
	"math"
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/cs540-tools/autograder/grader/compare"
)

var errorRE = regexp.MustCompile(`^rubric\.toml:([0-9]+):([0-9]+): [^\n\r]+$`)

func FuzzParse(f *testing.F) {
	for _, name := range []string{"testdata/full.toml", "testdata/minimal.toml"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, tc := range parseErrorCases {
		f.Add([]byte(tc.toml))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Parse("rubric.toml", data, "testdata")
		if err != nil {
			m := errorRE.FindStringSubmatch(err.Error())
			if m == nil || !errors.Is(err, ErrInvalid) {
				t.Fatalf("error %q is not one line rubric.toml:LINE:COL: ... wrapping ErrInvalid", err)
			}
			// The position is in the file (or just past its end).
			line, _ := strconv.Atoi(m[1])
			col, _ := strconv.Atoi(m[2])
			lines := bytes.Split(data, []byte("\n"))
			if line > len(lines) || col > len(lines[line-1])+1 {
				t.Fatalf("error %q points outside the file:\n%s", err, data)
			}
			return
		}
		// Whatever parses is sound.
		if len(r.Parts) == 0 || r.Total <= 0 || math.Abs(sumPoints(r.Parts)-r.Total) > 1e-6*r.Total {
			t.Fatalf("parts %+v do not add up to total %v", r.Parts, r.Total)
		}
		ids := map[string]bool{}
		for _, p := range r.Parts {
			if p.Points <= 0 || !idRE.MatchString(p.ID) || ids[p.ID] {
				t.Fatalf("bad part %+v", p)
			}
			ids[p.ID] = true
		}
		if r.Limits.Wall <= 0 || r.Limits.CPU <= 0 || r.Limits.BuildWall <= 0 || r.Limits.Memory <= 0 || r.Limits.Output <= 0 {
			t.Fatalf("limits %+v", r.Limits)
		}
		for i, p := range r.Late.Penalties {
			if p < 0 || p > 100 || i > 0 && p < r.Late.Penalties[i-1] {
				t.Fatalf("penalties %v", r.Late.Penalties)
			}
		}
		if _, err := compare.ParseMode(r.Compare.Mode); err != nil {
			t.Fatal(err)
		}
		if _, run := r.Build.Commands(); r.Build.Language != Auto && (len(run) == 0 || run[0] == "") {
			t.Fatalf("run command %q", run)
		}
	})
}
