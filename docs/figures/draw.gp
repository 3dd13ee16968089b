# SPDX-License-Identifier: BSD-3-Clause
# draw.gp - draws one message list of docs/figures/record.c as a space-time diagram.
#
#   gnuplot -e "msgs='build/figures/alltoall_pair_p6.msgs'; out='build/figures/alltoall_pair_p6.svg'" \
#           docs/figures/draw.gp
#
# Ranks on the vertical axis (rank 0 on top), steps on the horizontal one; one arrow per message
# from (step, sender) to (step + 0.8, receiver): solid and coloured by size (one colour when all
# messages have the same size), dashed grey for zero-byte tokens. Native collectives the
# algorithm called (their messages are SimGrid's own, not recorded) are orange squares.
# The output format follows the file name: .svg (each arrow is its own group whose <title>,
# a tooltip in browsers, is "step S: A -> B, N B"; tests/test_figures.c counts them) or .png.

if (!exists("msgs") || !exists("out")) { print "usage: gnuplot -e \"msgs='X.msgs'; out='X.svg'\" draw.gp"; exit status 2 }

# Header: "# collalg_<name> p=<P> steps=<S> messages=<M>".
hdr = system(sprintf("head -n 1 '%s'", msgs))
name = word(hdr, 2)
P = int(word(hdr, 3)[3:])
S = int(word(hdr, 4)[7:])
M = int(word(hdr, 5)[10:])

# The messages, into arrays (comment lines, including the natives, are skipped).
array ST[M > 0 ? M : 1]
array FR[M > 0 ? M : 1]
array TO[M > 0 ? M : 1]
array BY[M > 0 ? M : 1]
# bmin, bmax: smallest and largest non-zero sizes (0 when none); ntok: zero-byte tokens.
bmin = 0; bmax = 0; ntok = 0
if (M > 0) {
    stats msgs using (i = int($0) + 1, ST[i] = $1, FR[i] = $2, TO[i] = $3, BY[i] = $4, ntok = ntok + ($4 == 0)) nooutput
    if (ntok < M) {
        stats msgs using ($4 > 0 ? $4 : NaN) nooutput
        bmin = STATS_min; bmax = STATS_max
    }
}
natives = sprintf("< grep '^# native' '%s' | cut -d' ' -f3-", msgs)
nnative = int(system(sprintf("grep -c '^# native' '%s' || true", msgs)))
native_names = system(sprintf("grep '^# native' '%s' | cut -d' ' -f5 | sort -u | tr '\\n' ' '", msgs))

W = 220 + 70 * (S > 1 ? S : 1)
W = W < 520 ? 520 : W
H = 120 + 34 * P + (nnative > 0 ? 18 : 0)
if (out[strlen(out) - 3:] eq ".png") {
    set terminal pngcairo size W, H font "Sans,10"
} else {
    set terminal svg size W, H font "Sans,11" dynamic
}
set output out

set key off
set border 3
set tics nomirror out
set ytics 1
set yrange [P - 0.5 : -0.5]
set ylabel "rank"
set xrange [-0.3 : (S > 0 ? S : 1) - 0.1]
set xlabel "step"
set xtics ()
set for [s = 0 : S - 1] xtics add (sprintf("%d", s) s + 0.4)
set grid ytics lc rgb "#dddddd" lt 1
sizes = (bmax == 0) ? "" : (bmin == bmax ? sprintf(", %d bytes each", bmax) : "")
tokens = (ntok == 0) ? "" : (ntok == M ? ", all zero-byte tokens" : sprintf(" (dashed: %d zero-byte tokens)", ntok))
set title sprintf("%s, p = %d\n%d messages in %d steps%s%s%s", name, P, M, S, sizes, tokens, \
                  nnative > 0 ? "\nsquares: native ".native_names."calls (their messages are SimGrid's own)" : "") noenhanced
# Colour by size: grey for zero bytes, then green (small) to purple (largest); the colour box
# only when the data messages have several sizes.
set cbrange [0 : (bmax > 0 ? bmax : 1)]
set palette defined (0 "#777777", 0.001 "#1b9e77", 0.5 "#386cb0", 1 "#7b3294")
if (bmin < bmax) {
    set cblabel "bytes"
    set colorbox
} else {
    unset colorbox
}

dash(b) = b == 0 ? 2 : 1
native_plot = nnative > 0 ? ", natives using ($1 + 0.4):2 with points pt 5 ps 1.1 lc rgb '#e08214' title 'native collective'" : ""
eval "plot for [i = 1 : M] '+' using (ST[i]):(FR[i]):(0.8):(TO[i] - FR[i]) every ::0::0 with vectors \
          filled head size character 0.9, 20 lw 1.5 dt dash(BY[i]) lc palette cb BY[i] \
          title sprintf('step %d: %d -> %d, %d B', ST[i], FR[i], TO[i], BY[i])" . native_plot
