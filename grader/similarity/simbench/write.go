//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// writeGroup writes a group's files into a new temporary folder as
// 0.ext, 1.ext, ..., for SIM.
func writeGroup(s *set, g []int) (string, error) {
	dir, err := os.MkdirTemp("", "simbench-")
	if err != nil {
		return "", err
	}
	for x, i := range g {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%d%s", x, s.Ext)), s.Files[i].Data, 0o644); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// exists says whether a file is there.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
