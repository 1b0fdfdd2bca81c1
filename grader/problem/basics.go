package problem

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"
)

// File is the file that makes a folder a problem package.
const File = "problem.yaml"

// ErrInvalid is wrapped by every error a package's content causes.
var ErrInvalid = errors.New("invalid problem package")

// badf is an error of the package's content, naming its file.
func badf(file, format string, args ...any) error {
	return fmt.Errorf("%s: %s: %w", file, fmt.Sprintf(format, args...), ErrInvalid)
}

func seconds(f float64) time.Duration { return time.Duration(f * float64(time.Second)) }

// words reads a string of space-separated words or, when list allows it,
// a sequence of strings.
func words(v any, list bool) ([]string, error) {
	switch x := v.(type) {
	case nil:
		return nil, nil
	case string:
		return strings.Fields(x), nil
	case []any:
		if !list {
			break
		}
		var out []string
		for _, e := range x {
			s, ok := e.(string)
			if !ok {
				return nil, fmt.Errorf("must be a list of strings, got %v", e)
			}
			out = append(out, s)
		}
		return out, nil
	}
	if list {
		return nil, fmt.Errorf("must be a string or a list of strings, got %v", v)
	}
	return nil, fmt.Errorf("must be a string, got %v", v)
}

// number reads a YAML number.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// oneLine folds a message's line breaks and runs of space into one space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func isDir(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
}
