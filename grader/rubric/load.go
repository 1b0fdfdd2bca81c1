package rubric

import (
	"crypto/sha256"
	"errors"
	"os"
	"path/filepath"

	"github.com/BurntSushi/toml"
)

// Load reads and checks a rubric file. Its cases folder is relative to the
// file's folder.
func Load(path string) (*Rubric, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data, filepath.Dir(path))
}

// LoadToGenerate is Load for a rubric whose parts' folders may hold no
// case file yet: `cases generate` writes them.
func LoadToGenerate(path string) (*Rubric, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parse(path, data, filepath.Dir(path), true)
}

// Parse checks a rubric's content. Messages call it name; its cases folder
// is relative to dir. An error is one line, "name:line:col: message", and
// wraps ErrInvalid when the content is at fault.
func Parse(name string, data []byte, dir string) (*Rubric, error) {
	return parse(name, data, dir, false)
}

func parse(name string, data []byte, dir string, noCases bool) (*Rubric, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	var raw map[string]any
	if _, err := toml.Decode(string(data), &raw); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, &posError{file: name, pos: fixColumn(data, pe.Position), msg: "toml: " + oneLine(pe.Message)}
		}
		return nil, &posError{file: name, msg: "toml: " + oneLine(err.Error())}
	}
	d := &decoder{file: name, pos: keyPositions(string(data)), noCases: noCases}
	r := d.rubric(raw, dir, abs)
	if err := d.err(); err != nil {
		return nil, err
	}
	r.Path = name
	r.sum = sha256.Sum256(data)
	return r, nil
}
