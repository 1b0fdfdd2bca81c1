package sandbox

import "errors"

// Causes of a kill by the parent, kept as the cancel cause of the run's context.
var (
	errWall   = errors.New("wall time limit")
	errOutput = errors.New("output limit")
	errCPU    = errors.New("CPU time limit")
	errMemory = errors.New("memory limit")
	errStop   = errors.New("stopped by the caller")
)

func causeLimit(err error) Limit {
	switch {
	case errors.Is(err, errOutput):
		return Output
	case errors.Is(err, errCPU):
		return CPU
	case errors.Is(err, errMemory):
		return Memory
	case errors.Is(err, errWall):
		return Wall
	}
	return None
}
