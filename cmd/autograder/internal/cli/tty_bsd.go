//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package cli

import "golang.org/x/sys/unix"

const ioctlGetTermios = unix.TIOCGETA
