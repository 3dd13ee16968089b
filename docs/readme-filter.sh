#!/bin/sh
# Doxygen input filter for README.md (FILTER_PATTERNS in docs/Doxyfile). The README links the
# way a Git forge shows them, to header files; the reference wants its own pages instead:
#   [`collalg_x_y`](include/collalg/x/y.h)  ->  collalg_x_y()   (Doxygen links the function)
#   [Text](include/collalg/<collective>.h)   ->  @ref <collective> "Text"   (the group page)
#   [Text](include/collalg/select.h)         ->  @ref selector "Text"
#   [Text](examples/...)                     ->  Text   (the examples are not in the reference)
sed -E \
    -e 's#\[`?(collalg_[a-z0-9_]+)`?\]\(include/collalg/[a-z0-9_]+/[a-z0-9_]+\.h\)#\1()#g' \
    -e 's#\[([^]]+)\]\(include/collalg/(alltoall|allgather|allreduce|bcast|alltoallv|allgatherv|barrier)\.h\)#@ref \2 "\1"#g' \
    -e 's#\[([^]]+)\]\(include/collalg/select\.h\)#@ref selector "\1"#g' \
    -e 's#\[([^]]+)\]\(examples/[^)]*\)#\1#g' \
    "$1"
