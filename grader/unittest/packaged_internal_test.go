package unittest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cs540-tools/autograder/grader/toolchain"
	"github.com/cs540-tools/autograder/internal/testenv"
	"github.com/cs540-tools/autograder/sandbox"
)

// TestPackaged: a student's class of a named package, compiled beside its
// source as the Java preset compiles a hand-in (javac without -d), goes
// where the class loader looks for it (shop/Item.class); a class of the
// default package, a class already in its folder, a source and a file
// that is no class stay where they are.
func TestPackaged(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: this test runs javac")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	jdk, err := toolchain.FindJDK(ctx)
	if err != nil {
		testenv.Missing(t, "no JDK: %v", err)
	}
	dir := t.TempDir()
	srcs := map[string]string{
		"Item.java": "package shop;\npublic class Item { public Runnable r = new Runnable() { public void run() {} }; }\n",
		"Main.java": "public class Main {}\n",
	}
	for name, src := range srcs {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.CommandContext(ctx, jdk.Javac, "Item.java", "Main.java")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, out)
	}
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	files := []sandbox.File{
		{Name: "Item.class", Data: read("Item.class")},
		{Name: "Item$1.class", Data: read("Item$1.class")},
		{Name: "Main.class", Data: read("Main.class")},
		{Name: "shop/Item.class", Data: read("Item.class")},
		{Name: "Item.java", Data: read("Item.java")},
		{Name: "Broken.class", Data: []byte("not a class")},
	}
	var got []string
	for _, f := range packaged(files) {
		got = append(got, f.Name)
	}
	want := "shop/Item.class shop/Item$1.class Main.class shop/Item.class Item.java Broken.class"
	if strings.Join(got, " ") != want {
		t.Errorf("placed %s, want %s", strings.Join(got, " "), want)
	}
	if files[0].Name != "Item.class" {
		t.Errorf("packaged changed its argument")
	}
}
