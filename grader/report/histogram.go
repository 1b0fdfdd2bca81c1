package report

import (
	"fmt"
	"html/template"
	"slices"
	"strings"

	"github.com/cs540-tools/autograder/grader"
)

// The histogram's geometry, in SVG units: the plot and the margins that
// hold the counts axis (left), the mean and median labels (top) and the
// bins' bounds (bottom).
const (
	histW, histH                   = 300, 130
	histLeft, histTop, histBottom  = 36, 46, 34
	histRight                      = 14
	histWidth, histHeight          = histLeft + histW + histRight, histTop + histH + histBottom
	histMaxTicks                   = 5
	histMeanColor, histMedianColor = "#b03a2e", "#1e6b32"
)

// histogram draws counts of scores in bins equal slices of 0..max as an
// inline SVG bar chart: the bins' bounds on the x-axis, a counts axis, and
// the mean and the median marked. It is made from numbers only, formatted
// alike on every machine.
func histogram(scores []float64, maxScore float64, bins int) template.HTML {
	counts := make([]int, bins)
	for _, s := range scores {
		i := 0
		if maxScore > 0 {
			i = int(s / maxScore * float64(bins))
		}
		counts[min(max(i, 0), bins-1)]++
	}
	step, top := countTicks(slices.Max(counts))
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="hist" viewBox="0 0 %d %d" width="%d" height="%d" role="img">`, histWidth, histHeight, histWidth, histHeight)
	fmt.Fprintf(&b, `<title>%s</title>`, template.HTMLEscapeString(summary(scores)))
	for n := 0; n <= top; n += step {
		y := histY(n, top)
		fmt.Fprintf(&b, `<line class="grid" x1="%d" y1="%.1f" x2="%d" y2="%.1f"/>`, histLeft, y, histLeft+histW, y)
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%d</text>`, histLeft-4, y+4, n)
	}
	fmt.Fprintf(&b, `<text class="axis" x="%d" y="%d" text-anchor="middle" transform="rotate(-90 %d %d)">students</text>`,
		10, histTop+histH/2, 10, histTop+histH/2)
	bw := float64(histW) / float64(bins)
	var labels strings.Builder // drawn last, over the mean's and median's lines
	for i, n := range counts {
		x, y := float64(histLeft)+float64(i)*bw, histY(n, top)
		lo, hi := maxScore*float64(i)/float64(bins), maxScore*float64(i+1)/float64(bins)
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f"><title>%s–%s: %d</title></rect>`,
			x+1, y, bw-2, float64(histTop+histH)-y, num(grader.Round2(lo)), num(grader.Round2(hi)), n)
		if n > 0 {
			fmt.Fprintf(&labels, `<text x="%.1f" y="%.1f" text-anchor="middle">%d</text>`, x+bw/2, y-3, n)
		}
	}
	for i := 0; i <= bins; i++ {
		x := float64(histLeft) + float64(i)*bw
		fmt.Fprintf(&b, `<line class="tick" x1="%.1f" y1="%d" x2="%.1f" y2="%d"/>`, x, histTop+histH, x, histTop+histH+4)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`, x, histTop+histH+15, num(grader.Round2(maxScore*float64(i)/float64(bins))))
	}
	fmt.Fprintf(&b, `<line class="axis" x1="%d" y1="%d" x2="%d" y2="%d"/>`, histLeft, histTop+histH, histLeft+histW, histTop+histH)
	fmt.Fprintf(&b, `<text class="axis" x="%d" y="%d" text-anchor="middle">points</text>`, histLeft+histW/2, histHeight-4)
	if len(scores) > 0 && maxScore > 0 {
		mark(&b, &labels, "mean", mean(scores), maxScore, 11, histMeanColor, "6 3")
		mark(&b, &labels, "median", median(scores), maxScore, 24, histMedianColor, "2 2")
	}
	b.WriteString(labels.String())
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// histY is the height in the plot of count n, top being the axis's top.
func histY(n, top int) float64 {
	return float64(histTop+histH) - float64(histH)*float64(n)/float64(top)
}

// countTicks chooses the counts axis: a step of 1, 2 or 5 times a power of
// ten that needs at most histMaxTicks steps to reach most, and its top.
func countTicks(most int) (step, top int) {
	most = max(most, 1)
	for base := 1; ; base *= 10 {
		for _, m := range []int{1, 2, 5} {
			if step = m * base; (most+step-1)/step <= histMaxTicks {
				return step, (most + step - 1) / step * step
			}
		}
	}
}

// mark draws a vertical line at value across the plot into b, and its
// label at height y into labels, on the side of the line with more room.
func mark(b, labels *strings.Builder, name string, value, maxScore float64, y int, color, dash string) {
	x := float64(histLeft) + float64(histW)*min(max(value/maxScore, 0), 1)
	fmt.Fprintf(b, `<line class="%s" x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-dasharray="%s"/>`,
		name, x, y+3, x, histTop+histH, color, dash)
	anchor, dx := "start", 3.0
	if x > float64(histLeft+histW/2) {
		anchor, dx = "end", -3
	}
	fmt.Fprintf(labels, `<text class="%s" x="%.1f" y="%d" text-anchor="%s" fill="%s">%s %s</text>`,
		name, x+dx, y, anchor, color, name, num(grader.Round2(value)))
}

// summary says how many scores there are, and their mean and median.
func summary(scores []float64) string {
	if len(scores) == 0 {
		return "no scores"
	}
	return fmt.Sprintf("%d scores, mean %s, median %s", len(scores), num(grader.Round2(mean(scores))), num(grader.Round2(median(scores))))
}

func mean(xs []float64) float64 {
	var sum float64
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
