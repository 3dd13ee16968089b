/* SPDX-License-Identifier: BSD-3-Clause */
/* Criterion suite: make install as a user meets it. Each test installs into a fresh temporary
 * prefix (make install PREFIX=/tmp/collalg-install-XXXXXX/prefix, which builds what is missing)
 * and uses only the installation, never the source tree's include/ or build/:
 * - pkg_config_p2: tests/install/app.c built with `mpicc $(pkg-config --cflags collalg)`, run at p = 2;
 * - cmake_p2: the CMake project tests/install/cmake/ (find_package(collalg), collalg::collalg with
 *   MPI::MPI_C, collalg::pmpi) configured with -DCMAKE_PREFIX_PATH, built, run at p = 2;
 * - pmpi_p2: the installed PMPI libraries preloaded and linked (collalg-pmpi.pc), an algorithm
 *   forced (COLLALG_ALLREDUCE) and seen in the selector's trace; Open MPI's when it is installed;
 * - tuner_p2: bin/collalg-tune --help, a short tuning run at p = 2, and the installed companions
 *   (tuned_check.c, collalg-guidelines.c) compiled against its header and run;
 * - uninstall_leaves_what_was_there: install twice, uninstall: the prefix holds exactly what it held
 *   before (files of others included), a fresh prefix is gone, DESTDIR staging leaves no file;
 * and make help lists every .PHONY target (help, lists_every_target).
 * The commands and their output go to build/logs/install-<test>.log (printed when a step fails);
 * the temporary folder is removed after each test. The make runs get a clean environment
 * (no MAKEFLAGS of a make check that started the suite). */
#include "launch.h"

#define IN_MAKE "env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory"
#define IN_TIMEOUT "timeout -k 10 300 "

static char in_tmp[128]; /* the test's temporary folder */
static char in_log[128]; /* its log */

static void in_init(const char *name)
{
    snprintf(in_tmp, sizeof in_tmp, "/tmp/collalg-install-XXXXXX");
    cr_assert(mkdtemp(in_tmp) != NULL, "mkdtemp failed");
    snprintf(in_log, sizeof in_log, "build/logs/install-%s.log", name);
    cr_assert(system("mkdir -p build/logs") == 0);
    remove(in_log);
}

static void in_fini(void)
{
    char cmd[256];
    if (in_tmp[0] && strncmp(in_tmp, "/tmp/collalg-install-", 21) == 0) {
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", in_tmp);
        if (system(cmd) != 0)
            cr_log_error("could not remove %s", in_tmp);
    }
}

/* Runs the shell command `body` with T=<temporary folder>, P=T/prefix and
 * PKG_CONFIG_PATH=P/lib/pkgconfig set, from the source tree's top; the command, its stdout and its
 * stderr appended to the log. Returns 1 when it exits 0. */
static int in_sh(const char *body)
{
    char cmd[4096];
    FILE *f;
    int status;
    f = fopen(in_log, "a");
    if (f) {
        fprintf(f, "$ %s\n", body);
        fclose(f);
    }
    snprintf(cmd, sizeof cmd,
             "T='%s'; P=\"$T/prefix\"; export PKG_CONFIG_PATH=\"$P/lib/pkgconfig\"; ( %s ) >>'%s' 2>&1", in_tmp, body,
             in_log);
    status = system(cmd);
    return status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* Asserts that the command (as in_sh) succeeds; prints the log's end when it does not. */
#define IN_OK(what, cmd)                                                         \
    do {                                                                         \
        if (!in_sh(cmd)) {                                                       \
            cl_show_log(in_log);                                                 \
            cr_assert_fail("%s failed (commands and output: %s)", what, in_log); \
        }                                                                        \
    } while (0)

/* 1 when Open MPI's compiler is installed (the installation then has its builds too). */
static int in_openmpi(void)
{
    return system("command -v mpicc.openmpi >/dev/null 2>&1") == 0;
}

static void in_install(void)
{
    IN_OK("make install", IN_MAKE " install PREFIX=\"$P\"");
}

/* The test program against the installed headers only. */
static void in_build_app(void)
{
    IN_OK("building tests/install/app.c with pkg-config",
          "mpicc -std=c99 -Wall -Wextra -Werror $(pkg-config --cflags collalg) tests/install/app.c -o \"$T/app\"");
}

static void init_pkg_config(void)
{
    in_init("pkg-config");
}
static void init_cmake(void)
{
    in_init("cmake");
}
static void init_pmpi(void)
{
    in_init("pmpi");
}
static void init_tuner(void)
{
    in_init("tuner");
}
static void init_uninstall(void)
{
    in_init("uninstall");
}
static void init_help(void)
{
    in_init("help");
}

Test(install, pkg_config_p2, .init = init_pkg_config, .fini = in_fini, .timeout = 900)
{
    in_install();
    IN_OK("pkg-config --cflags collalg is -I<prefix>/include",
          "test \"$(echo $(pkg-config --cflags collalg))\" = \"-I$P/include\"");
    IN_OK("pkg-config --modversion collalg", "pkg-config --modversion collalg | grep -q '^[0-9]'");
    in_build_app();
    IN_OK("the program at p = 2",
          IN_TIMEOUT "mpiexec -n 2 \"$T/app\" </dev/null >\"$T/out\" 2>&1; rc=$?; cat \"$T/out\"; test $rc = 0 && "
                     "grep -q 'on 2 processes: ok' \"$T/out\"");
}

Test(install, cmake_p2, .init = init_cmake, .fini = in_fini, .timeout = 900)
{
    in_install();
    IN_OK("cmake configure (find_package(collalg))",
          "cmake -S tests/install/cmake -B \"$T/cmake\" -DCMAKE_PREFIX_PATH=\"$P\" -DMPI_C_COMPILER=mpicc");
    IN_OK("cmake --build", "cmake --build \"$T/cmake\"");
    IN_OK("the CMake-built program at p = 2", IN_TIMEOUT
          "mpiexec -n 2 \"$T/cmake/app\" </dev/null >\"$T/out\" 2>&1; rc=$?; cat \"$T/out\"; test $rc = 0 && "
          "grep -q 'on 2 processes: ok' \"$T/out\"");
    IN_OK("the program linked with collalg::pmpi at p = 2, allreduce forced",
          "COLLALG_ALLREDUCE=recursive_doubling COLLALG_SELECT_VERBOSE=1 " IN_TIMEOUT
          "mpiexec -n 2 \"$T/cmake/app_pmpi\" </dev/null >\"$T/out\" 2>&1; rc=$?; cat \"$T/out\"; test $rc = 0 && "
          "grep -q 'on 2 processes: ok' \"$T/out\" && grep -q 'forced by COLLALG_ALLREDUCE' \"$T/out\"");
    IN_OK("find_package(collalg 99) is refused",
          "mkdir -p \"$T/v\" && printf 'cmake_minimum_required(VERSION 3.13)\\nproject(v NONE)\\n"
          "find_package(collalg 99 REQUIRED)\\n' >\"$T/v/CMakeLists.txt\" && "
          "! cmake -S \"$T/v\" -B \"$T/v/build\" -DCMAKE_PREFIX_PATH=\"$P\"");
}

/* Runs $T/<prog> at p = 2 under `launcher` with COLLALG_ALLREDUCE forced and checks the trace. */
#define IN_FORCED "COLLALG_ALLREDUCE=recursive_doubling COLLALG_SELECT_VERBOSE=1"
#define IN_FORCED_OK(out) "grep -q 'on 2 processes: ok' " out " && grep -q 'forced by COLLALG_ALLREDUCE' " out

Test(install, pmpi_p2, .init = init_pmpi, .fini = in_fini, .timeout = 900)
{
    in_install();
    in_build_app();
    IN_OK("the MPICH PMPI library preloaded (pkg-config --variable=pmpi_library collalg)",
          "lib=$(pkg-config --variable=pmpi_library collalg); test \"$lib\" = \"$P/lib/libcollalg_pmpi.so\" && "
          "LD_PRELOAD=\"$lib\" " IN_FORCED " " IN_TIMEOUT "mpiexec -n 2 \"$T/app\" </dev/null >\"$T/out\" 2>&1; "
          "rc=$?; cat \"$T/out\"; test $rc = 0 && " IN_FORCED_OK("\"$T/out\""));
    IN_OK("the MPICH PMPI library linked (pkg-config --libs collalg-pmpi)",
          "mpicc -std=c99 -Wall -Werror tests/install/app.c $(pkg-config --cflags --libs collalg-pmpi) -o "
          "\"$T/app_pmpi\" && "
          "ldd \"$T/app_pmpi\" | grep -q \"$P/lib/libcollalg_pmpi.so\" && " IN_FORCED " " IN_TIMEOUT
          "mpiexec -n 2 \"$T/app_pmpi\" </dev/null >\"$T/out\" 2>&1; rc=$?; cat \"$T/out\"; test $rc = 0 "
          "&& " IN_FORCED_OK("\"$T/out\""));
    if (!in_openmpi()) {
        cr_log_warn("mpicc.openmpi is missing: the Open MPI library is not installed, not checked");
        return;
    }
    IN_OK("the Open MPI PMPI library preloaded",
          "lib=$(pkg-config --variable=pmpi_openmpi_library collalg); test \"$lib\" = "
          "\"$P/lib/libcollalg_pmpi_openmpi.so\" "
          "&& mpicc.openmpi -std=c99 -Wall -Werror $(pkg-config --cflags collalg) tests/install/app.c -o "
          "\"$T/app_ompi\" && " IN_TIMEOUT CL_OPENMPI_EXEC
          " -x LD_PRELOAD=\"$lib\" -x COLLALG_ALLREDUCE=recursive_doubling "
          "-x COLLALG_SELECT_VERBOSE=1 -n 2 \"$T/app_ompi\" </dev/null >\"$T/out\" 2>&1; rc=$?; cat \"$T/out\"; "
          "test $rc = 0 && " IN_FORCED_OK("\"$T/out\""));
    IN_OK("the Open MPI PMPI library linked (pkg-config --libs collalg-pmpi-openmpi)",
          "mpicc.openmpi -std=c99 -Wall -Werror tests/install/app.c $(pkg-config --cflags --libs collalg-pmpi-openmpi) "
          "-o \"$T/app_ompi_pmpi\" && " IN_TIMEOUT CL_OPENMPI_EXEC
          " -x COLLALG_ALLREDUCE=recursive_doubling -x COLLALG_SELECT_VERBOSE=1 -n 2 \"$T/app_ompi_pmpi\" </dev/null "
          ">\"$T/out\" 2>&1; rc=$?; cat \"$T/out\"; test $rc = 0 && " IN_FORCED_OK("\"$T/out\""));
}

Test(install, tuner_p2, .init = init_tuner, .fini = in_fini, .timeout = 900)
{
    in_install();
    IN_OK("collalg-tune --help",
          "\"$P/bin/collalg-tune\" --help </dev/null 2>&1 | grep -q 'usage: mpiexec -n P collalg-tune'");
    IN_OK("a short tuning run at p = 2",
          IN_TIMEOUT "mpiexec -n 2 \"$P/bin/collalg-tune\" --collectives allreduce,bcast --sizes 8,1K --quick "
                     "--out \"$T/tuned\" </dev/null && test -s \"$T/tuned/collalg_tuned.h\"");
    IN_OK("the installed tuned_check.c against that header, at p = 2",
          "src=$(pkg-config --variable=srcdir collalg) && mpicc -std=c99 -Wall -Werror $(pkg-config --cflags collalg) "
          "-I\"$T/tuned\" -DCOLLALG_TUNED_HEADER='\"collalg_tuned.h\"' \"$src/tune/tuned_check.c\" -o "
          "\"$T/tuned_check\" && " IN_TIMEOUT "mpiexec -n 2 \"$T/tuned_check\" </dev/null");
    IN_OK("the installed collalg-guidelines.c against that header, at p = 2",
          "src=$(pkg-config --variable=srcdir collalg) && mpicc -std=c99 -Wall -Werror $(pkg-config --cflags collalg) "
          "-I\"$T/tuned\" -DCOLLALG_TUNED_HEADER='\"collalg_tuned.h\"' \"$src/guidelines/collalg-guidelines.c\" "
          "-o \"$T/guidelines\" -lm && " IN_TIMEOUT
          "mpiexec -n 2 \"$T/guidelines\" --out \"$T/tuned\" --sizes 8 --reps 10 "
          "</dev/null >\"$T/out\" 2>&1; rc=$?; cat \"$T/out\"; test $rc = 0 && grep -q '^collalg-guidelines p=2: ' "
          "\"$T/out\"");
    if (in_openmpi())
        IN_OK("collalg-tune-openmpi --help",
              "\"$P/bin/collalg-tune-openmpi\" --help </dev/null 2>&1 | grep -q 'usage: mpiexec -n P collalg-tune'");
}

/* Every entry of $T/<dir> (relative, sorted) into $T/<name>.txt. */
#define IN_LIST(dir, name) "(cd \"$T/" dir "\" && find . -mindepth 1 | sort) >\"$T/" name ".txt\""

Test(install, uninstall_leaves_what_was_there, .init = init_uninstall, .fini = in_fini, .timeout = 900)
{
    /* A prefix that already holds other packages' files and folders. */
    IN_OK("a prefix with other files",
          "mkdir -p \"$P/include\" \"$P/lib/pkgconfig\" \"$P/bin\" \"$P/share/doc\" && touch \"$P/include/other.h\" "
          "\"$P/lib/pkgconfig/other.pc\" && " IN_LIST("prefix", "before"));
    in_install();
    IN_OK("the installation's files",
          "test -f \"$P/include/collalg/collalg.h\" && test -x \"$P/bin/collalg-tune\" && "
          "test -f \"$P/lib/libcollalg_pmpi.so\" && test -f \"$P/lib/pkgconfig/collalg.pc\" && "
          "test -f \"$P/lib/pkgconfig/collalg-pmpi.pc\" && "
          "test -f \"$P/lib/cmake/collalg/collalgConfig.cmake\" && "
          "test -f \"$P/lib/cmake/collalg/collalgConfigVersion.cmake\" && "
          "test -f \"$P/share/collalg/install-manifest.txt\"");
    if (in_openmpi())
        IN_OK("the Open MPI builds",
              "test -f \"$P/lib/libcollalg_pmpi_openmpi.so\" && test -x \"$P/bin/collalg-tune-openmpi\" "
              "&& test -f \"$P/lib/pkgconfig/collalg-pmpi-openmpi.pc\"");
    in_install(); /* again: the first installation is replaced, not doubled */
    IN_OK("make uninstall", IN_MAKE " uninstall PREFIX=\"$P\"");
    IN_OK("the prefix as it was before", IN_LIST("prefix", "after") " && diff \"$T/before.txt\" \"$T/after.txt\"");
    IN_OK("make uninstall again (nothing to do)", IN_MAKE " uninstall PREFIX=\"$P\"");

    /* A prefix that did not exist: nothing left, not even the prefix. */
    IN_OK("install and uninstall in a new prefix", IN_MAKE " install PREFIX=\"$T/new/usr\" && " IN_MAKE
                                                           " uninstall PREFIX=\"$T/new/usr\" && test -d \"$T/new\" && "
                                                           "! test -e \"$T/new/usr\"");

    /* DESTDIR: the files under the staging root, naming PREFIX; uninstall leaves no file there. */
    IN_OK("make install DESTDIR", IN_MAKE
          " install DESTDIR=\"$T/stage\" PREFIX=/opt/collalg && "
          "test -f \"$T/stage/opt/collalg/include/collalg/collalg.h\" && "
          "grep -qx 'prefix=/opt/collalg' \"$T/stage/opt/collalg/lib/pkgconfig/collalg.pc\" && ! test -e /opt/collalg");
    IN_OK("make uninstall DESTDIR", IN_MAKE " uninstall DESTDIR=\"$T/stage\" PREFIX=/opt/collalg && "
                                            "test -z \"$(find \"$T/stage\" ! -type d)\"");
    IN_OK("a relative PREFIX is refused", "! " IN_MAKE " install PREFIX=relative/prefix && ! test -e relative");
}

#define IN_NAME_CHARS "abcdefghijklmnopqrstuvwxyz0123456789-_/"

/* 1 when `word` occurs in `text` as a whole target name (not inside a longer one). */
static int in_has_word(const char *text, const char *word)
{
    const char *at = text;
    size_t n = strlen(word);
    while ((at = strstr(at, word)) != NULL) {
        char before = at == text ? ' ' : at[-1], after = at[n];
        int inside = before != '\0' && strchr(IN_NAME_CHARS, before) != NULL;
        inside |= after != '\0' && strchr(IN_NAME_CHARS, after) != NULL;
        if (!inside)
            return 1;
        at += n;
    }
    return 0;
}

/* make help names every .PHONY target of the Makefile and the mk files, but the twins without the
 * dependency step (<target>-run, named together in its last lines) and pmpi-force (internal). */
Test(help, lists_every_target, .init = init_help, .fini = in_fini, .timeout = 300)
{
    static char help[65536];
    char target[256];
    size_t len;
    int missing = 0;
    FILE *f;
    IN_OK("make help", IN_MAKE " help >\"$T/help.txt\"");
    IN_OK("the .PHONY targets", IN_MAKE " -pq help 2>/dev/null | sed -n 's/^\\.PHONY: //p' | tr ' ' '\\n' | "
                                        "grep -v -e '^$' -e '-run$' -e '^pmpi-force$' | sort -u >\"$T/phony.txt\" && "
                                        "test -s \"$T/phony.txt\"");
    snprintf(target, sizeof target, "%s/help.txt", in_tmp);
    f = fopen(target, "r");
    cr_assert(f != NULL);
    len = fread(help, 1, sizeof help - 1, f);
    help[len] = '\0';
    fclose(f);
    snprintf(target, sizeof target, "%s/phony.txt", in_tmp);
    f = fopen(target, "r");
    cr_assert(f != NULL);
    while (fgets(target, sizeof target, f)) {
        target[strcspn(target, "\n")] = '\0';
        if (!in_has_word(help, target)) {
            cr_log_error("make help does not name the target %s", target);
            missing++;
        }
    }
    fclose(f);
    cr_expect_eq(missing, 0, "%d .PHONY targets missing from make help (Makefile, HELP_TEXT)", missing);
}
