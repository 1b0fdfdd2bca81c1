package bundle

import (
	"embed"
	"io/fs"
)

// data is the bundle the generator wrote, committed in git so that every
// build carries it, `go install` included.
//
//go:embed data
var data embed.FS

func init() {
	sub, err := fs.Sub(data, "data")
	if err != nil {
		panic(err)
	}
	files = sub
	useKit()
}
