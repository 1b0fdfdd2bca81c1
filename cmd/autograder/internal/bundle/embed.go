//go:build bundle

package bundle

import (
	"embed"
	"io/fs"
)

// data is the bundle the generator wrote; building with the bundle tag
// before running it fails with "pattern data: no matching files found".
//
//go:embed data
var data embed.FS

func init() {
	sub, err := fs.Sub(data, "data")
	if err != nil {
		panic(err)
	}
	files = sub
}
