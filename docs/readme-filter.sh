#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Doxygen input filter for the Markdown pages: README.md, CONTRIBUTING.md and the guides in docs/
# (FILTER_PATTERNS in docs/Doxyfile). They link the way a Git forge shows them, to the repository's
# files (README.md as include/..., a guide in docs/ as ../include/...); the reference wants its
# own pages instead:
#   [`collalg_x_y`](include/collalg/x/y.h)  ->  collalg_x_y()   (Doxygen links the function)
#   [Text](include/collalg/<collective>.h)   ->  @ref <collective> "Text"   (the group page)
#   [Text](include/collalg/select.h)         ->  @ref selector "Text"
#   [Text](examples/...), any other link to a file of the repository that is not a Markdown
#   page (src/, scripts/, tests/, mk/, include/, LICENSE, Makefile)  ->  Text
# Links to Markdown pages (docs/tuning.md, ../README.md) are left to Doxygen, which resolves them.
colls='alltoall|allgather|allreduce|bcast|alltoallv|allgatherv|barrier|reduce|reduce_scatter_block'
colls="$colls|reduce_scatter|scan|exscan|gather|scatter|gatherv|scatterv|alltoallw"
sed -E \
    -e 's#\[`?(collalg_[a-z0-9_]+)`?\]\((\.\./)?include/collalg/[a-z0-9_]+/[a-z0-9_]+\.h\)#\1()#g' \
    -e "s#\\[([^]]+)\\]\\((\\.\\./)?include/collalg/($colls)\\.h\\)#@ref \\3 \"\\1\"#g" \
    -e 's#\[([^]]+)\]\((\.\./)?include/collalg/select\.h\)#@ref selector "\1"#g' \
    -e 's#\[([^]]+)\]\((\.\./)?(examples|src|scripts|tests|mk|include)/[^)]*\)#\1#g' \
    -e 's#\[([^]]+)\]\((\.\./)?(LICENSE|Makefile)\)#\1#g' \
    "$1"
