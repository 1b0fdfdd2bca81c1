package rubric

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/cs540-tools/autograder/internal/textfmt"
)

// ErrInvalid is wrapped by every error that a rubric's content causes: bad
// TOML, an unknown key, a bad value, a part without cases.
var ErrInvalid = errors.New("invalid rubric")

// posError is one problem in a rubric file, at a position when known.
type posError struct {
	file    string
	pos     toml.Position
	msg     string
	unknown bool // an unknown key: reported before any other problem
}

func (e *posError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.file, max(e.pos.Line, 1), max(e.pos.Col, 1), e.msg)
}

func (e *posError) Unwrap() error { return ErrInvalid }

// oneLine folds runs of white space, line breaks included, into one space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// decoder turns a parsed TOML document into checked values. It records
// every problem and reports one in the end: the first unknown key in the
// file if there is one (a misspelt key also makes a key look missing),
// otherwise the first problem found.
type decoder struct {
	file string
	pos  positions
	errs []*posError
	// noCases lets a part's folder hold no case file yet (LoadToGenerate).
	noCases bool
}

func (d *decoder) errorAt(path []string, unknown bool, format string, args ...any) {
	var p toml.Position
	for n := len(path); n > 0; n-- {
		if q, ok := d.pos[joinPath(path[:n])]; ok {
			p = q
			break
		}
	}
	d.errs = append(d.errs, &posError{file: d.file, pos: p, msg: oneLine(fmt.Sprintf(format, args...)), unknown: unknown})
}

func (d *decoder) err() error {
	if len(d.errs) == 0 {
		return nil
	}
	var first *posError
	for _, e := range d.errs {
		if e.unknown && (first == nil || e.pos.Start < first.pos.Start) {
			first = e
		}
	}
	if first == nil {
		first = d.errs[0]
	}
	return first
}

// table decodes one TOML table, remembering which keys it read.
type table struct {
	d      *decoder
	m      map[string]any
	path   []string // where it is, for positions
	prefix string   // how its keys are named: "limits."
	label  string   // what its messages start with: `part "c": `
	used   map[string]bool
}

func (d *decoder) table(m map[string]any, path []string, prefix, label string) *table {
	return &table{d: d, m: m, path: path, prefix: prefix, label: label, used: map[string]bool{}}
}

// name is how a key is named in messages.
func (t *table) name(key string) string { return t.prefix + key }

func (t *table) errf(key, format string, args ...any) {
	path := t.path
	if key != "" {
		path = append(slices.Clip(t.path), key)
	}
	t.d.errorAt(path, false, t.label+format, args...)
}

func (t *table) get(key string) (any, bool) {
	t.used[key] = true
	v, ok := t.m[key]
	return v, ok
}

func (t *table) has(key string) bool {
	_, ok := t.m[key]
	return ok
}

func (t *table) missing(key string) {
	t.errf("", "missing key %q", t.name(key))
}

// done reports the keys that were never read: unknown keys.
func (t *table) done() {
	keys := make([]string, 0, len(t.m))
	for k := range t.m {
		if !t.used[k] {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		t.d.errorAt(append(slices.Clip(t.path), k), true, "%sunknown key %q", t.label, t.name(k))
	}
}

// sub returns the table under key, empty when it is absent.
func (t *table) sub(key string) *table {
	path := append(slices.Clip(t.path), key)
	s := t.d.table(map[string]any{}, path, t.prefix+key+".", t.label)
	v, ok := t.get(key)
	if !ok {
		return s
	}
	m, ok := v.(map[string]any)
	if !ok {
		t.errf(key, "%s must be a table, got %s", t.name(key), typeName(v))
		return s
	}
	s.m = m
	return s
}

func typeName(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case int64:
		return "an integer"
	case float64:
		return "a float"
	case bool:
		return "a boolean"
	case time.Time:
		return "a date-time"
	case []any, []map[string]any:
		return "an array"
	case map[string]any:
		return "a table"
	}
	return fmt.Sprintf("%T", v)
}

func (t *table) str(key, def string) string {
	v, ok := t.get(key)
	if !ok {
		return def
	}
	s, ok := v.(string)
	if !ok {
		t.errf(key, "%s must be a string, got %s", t.name(key), typeName(v))
		return def
	}
	return s
}

// boolean reads true or false; false when it is absent or bad.
func (t *table) boolean(key string) bool {
	v, ok := t.get(key)
	if !ok {
		return false
	}
	b, ok := v.(bool)
	if !ok {
		t.errf(key, "%s must be true or false, got %s", t.name(key), typeName(v))
	}
	return b
}

// num reads a number; ok is false when it is absent or bad.
func (t *table) num(key string) (x float64, ok bool) {
	v, ok := t.get(key)
	if !ok {
		return 0, false
	}
	if x, ok = number(v); !ok {
		t.errf(key, "%s must be a number, got %s", t.name(key), typeName(v))
	}
	return x, ok
}

func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, !math.IsNaN(x) && !math.IsInf(x, 0)
	}
	return 0, false
}

func formatNum(x float64) string { return textfmt.Decimal(x) }

// array reads an array of what (one being its element, such as "a string")
// whose elements each reads; nil when it is absent or bad.
func array[T any](t *table, key, what, one string, each func(any) (T, bool)) ([]T, bool) {
	v, ok := t.get(key)
	if !ok {
		return nil, false
	}
	var elems []any
	switch a := v.(type) {
	case []any:
		elems = a
	case []map[string]any:
		for _, m := range a {
			elems = append(elems, m)
		}
	default:
		t.errf(key, "%s must be an array of %s, got %s", t.name(key), what, typeName(v))
		return nil, false
	}
	out := make([]T, 0, len(elems))
	for i, e := range elems {
		x, ok := each(e)
		if !ok {
			t.errf(key, "%s[%d] must be %s, got %s", t.name(key), i, one, typeName(e))
			return nil, false
		}
		out = append(out, x)
	}
	return out, true
}

func asString(v any) (string, bool) {
	s, ok := v.(string)
	return s, ok
}

func (t *table) strs(key string) []string {
	a, _ := array(t, key, "strings", "a string", asString)
	return a
}

// duration reads a positive Go duration such as "10s".
func (t *table) duration(key string, def time.Duration) time.Duration {
	v, ok := t.get(key)
	if !ok {
		return def
	}
	s, ok := v.(string)
	if !ok {
		t.errf(key, `%s must be a duration in a string, such as "10s", got %s`, t.name(key), typeName(v))
		return def
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		t.errf(key, `%s must be a positive duration such as "10s" or "1m30s", got %q`, t.name(key), s)
		return def
	}
	return d
}

var sizeUnits = []struct {
	suffix string
	scale  int64
}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"B", 1}, {"", 1}}

// size reads a positive size: bytes as an integer or a string, or a
// string with the unit KiB, MiB or GiB.
func (t *table) size(key string, def int64) int64 {
	v, ok := t.get(key)
	if !ok {
		return def
	}
	if n, ok := v.(int64); ok && n > 0 {
		return n
	}
	if s, ok := v.(string); ok {
		for _, u := range sizeUnits {
			digits, found := strings.CutSuffix(strings.TrimSpace(s), u.suffix)
			if !found {
				continue
			}
			n, err := strconv.ParseInt(strings.TrimSpace(digits), 10, 64)
			if err == nil && n > 0 && n <= math.MaxInt64/u.scale {
				return n * u.scale
			}
			break
		}
	}
	t.errf(key, `%s must be a positive size such as "512MiB", "64KiB" or a number of bytes, got %s`, t.name(key), show(v))
	return def
}

// show quotes a value for a message.
func show(v any) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case int64, float64, bool:
		return fmt.Sprint(x)
	}
	return typeName(v)
}

// oneOf reads a string that must be one of choices; the first is the default.
func oneOf[T ~string](t *table, key string, choices ...T) T {
	s := t.str(key, string(choices[0]))
	if i := slices.Index(choices, T(s)); i >= 0 {
		return choices[i]
	}
	quoted := make([]string, len(choices))
	for i, c := range choices {
		quoted[i] = strconv.Quote(string(c))
	}
	t.errf(key, "%s must be %s or %s, got %q", t.name(key), strings.Join(quoted[:len(quoted)-1], ", "), quoted[len(quoted)-1], s)
	return choices[0]
}

// deadline reads an RFC 3339 date-time with an offset, as a TOML
// date-time or a string.
func (t *table) deadline(key string) time.Time {
	v, ok := t.get(key)
	if !ok {
		return time.Time{}
	}
	switch x := v.(type) {
	case time.Time:
		// toml gives local date-times (no offset) zones of these names;
		// their meaning would depend on the grading machine's clock.
		if name := x.Location().String(); name != "datetime-local" && name != "date-local" && name != "time-local" {
			return x
		}
	case string:
		if d, err := time.Parse(time.RFC3339, x); err == nil {
			return d
		}
	}
	t.errf(key, `%s must be a date-time with a UTC offset, as in 2025-03-05T09:30:00-06:00, got %s`, t.name(key), show(v))
	return time.Time{}
}

// tables reads an array of tables, such as the [[part]] entries; ok is
// false when the value is not one.
func (t *table) tables(key string) (_ []*table, ok bool) {
	v, ok := t.get(key)
	if !ok {
		return nil, true
	}
	var ms []map[string]any
	switch a := v.(type) {
	case []map[string]any:
		ms = a
	case []any:
		for _, e := range a {
			m, ok := e.(map[string]any)
			if !ok {
				t.errf(key, "%s must be an array of tables ([[%s]]), got an array of %s", t.name(key), key, strings.TrimPrefix(strings.TrimPrefix(typeName(e), "a "), "an "))
				return nil, false
			}
			ms = append(ms, m)
		}
	default:
		t.errf(key, "%s must be an array of tables ([[%s]]), got %s", t.name(key), key, typeName(v))
		return nil, false
	}
	out := make([]*table, len(ms))
	for i, m := range ms {
		out[i] = t.d.table(m, append(slices.Clip(t.path), key, index(i)), "", fmt.Sprintf("%s #%d: ", key, i+1))
	}
	return out, true
}

// line is the line a key path is on, 0 when unknown.
func (d *decoder) line(path ...string) int {
	return d.pos[joinPath(path)].Line
}

// idRE is what an id may be: a part's, a judge's, a manual item's.
var idRE = regexp.MustCompile(`^[a-z0-9_-]+$`)
