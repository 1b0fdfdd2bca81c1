package javabridge

import (
	"os"
	"testing"
)

func TestDump(t *testing.T) {
	dir := os.Getenv("DUMP")
	if dir == "" {
		t.Skip()
	}
	r, err := Standins(readClasses(t, dir), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for p, s := range r.Sources {
		t.Logf("%s:\n%s", p, s)
	}
	t.Log(r.Notes)
}
