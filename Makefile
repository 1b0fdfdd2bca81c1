# Release builds: `make release` writes dist/autograder-<os>-<arch>[.exe] for
# every target below, each one static binary (CGO_ENABLED=0) with the
# built-in assignments, as every build has (each rubric with its handout and
# public cases; see cmd/autograder/internal/bundle), so that a student needs only the binary
# and a JDK. VERSION defaults to `git describe`.

VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
TARGETS := linux/amd64 linux/arm64 darwin/arm64 darwin/amd64 windows/amd64
BUNDLE  := cmd/autograder/internal/bundle/data
LDFLAGS := -s -w -X github.com/cs540-tools/autograder/cmd/autograder/internal/cli.Version=$(VERSION)
GO      ?= go

.PHONY: release bundle docs test clean

release: bundle
	@mkdir -p dist
	@set -e; for t in $(TARGETS); do \
		os=$${t%/*}; arch=$${t#*/}; ext=; \
		if [ "$$os" = windows ]; then ext=.exe; fi; \
		out=dist/autograder-$$os-$$arch$$ext; \
		echo "$$out"; \
		CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build -trimpath -ldflags "$(LDFLAGS)" -o $$out ./cmd/autograder; \
	done

# The assignments built into every binary (rubric.toml, cases/nim, ...: see
# Sources in cmd/autograder/internal/bundle): a copy committed in git (a test
# checks it is up to date).
bundle:
	$(GO) run ./cmd/autograder/internal/bundle/gen -root . -out $(BUNDLE)

# docs/commands.md, the command reference, from the commands' own help (a
# test checks it is up to date).
docs:
	$(GO) run ./cmd/autograder/internal/gendocs

test:
	$(GO) test ./...

clean:
	rm -rf dist
