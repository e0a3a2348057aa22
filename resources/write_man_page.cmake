# Writes OUTPUT (NAME.1.gz), PROGRAM's man page, with help2man from its --help (run offscreen),
# unless OUTPUT is newer than PROGRAM. Adds SEE ALSO and, with SUBCOMMANDS, a SUBCOMMANDS section
# holding the --help of every subcommand (and of theirs), as CLI11 lists them under
# "Subcommands:". Run at install time (tpugraphs_install_program, app/CMakeLists.txt), so that
# relinking a program costs no help2man run. Inputs (-D): PROGRAM, NAME, DESCRIPTION, VERSION,
# OUTPUT, SUBCOMMANDS, HELP2MAN.
if(EXISTS ${OUTPUT} AND ${OUTPUT} IS_NEWER_THAN ${PROGRAM})
    return()
endif()

# The text as roff that prints it verbatim: backslashes escaped, control characters at line
# starts neutralised.
function(roff_verbatim text out)
    string(REPLACE "\\" "\\e" text "${text}")
    string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
    set(${out} "${text}" PARENT_SCOPE)
endfunction()

# Appends to the page (global property man_page) the help of PROGRAM COMMAND... and,
# recursively, of its subcommands.
function(append_subcommands)
    execute_process(COMMAND ${PROGRAM} ${ARGN} --help OUTPUT_VARIABLE help
                    RESULT_VARIABLE failed ERROR_QUIET)
    if(failed)
        message(FATAL_ERROR "${PROGRAM} ${ARGN} --help failed (${failed})")
    endif()
    if(ARGN)
        string(REPLACE ";" " " title "${ARGN}")
        string(REPLACE "${PROGRAM}" "${NAME}" help "${help}")  # "Usage: /build/app/tpugraphs"
        roff_verbatim("${help}" body)
        set_property(GLOBAL APPEND_STRING PROPERTY man_page ".SS ${title}\n.nf\n${body}\n.fi\n")
    endif()
    string(FIND "${help}" "\nSubcommands:\n" start)
    if(start GREATER -1)
        string(SUBSTRING "${help}" ${start} -1 list)
        string(REGEX MATCHALL "\n  [a-z][a-z0-9-]*" names "${list}")
        foreach(name ${names})
            string(STRIP "${name}" name)
            append_subcommands(${ARGN} ${name})
        endforeach()
    endif()
endfunction()

set_property(GLOBAL PROPERTY man_page "")
if(SUBCOMMANDS)
    set_property(GLOBAL PROPERTY man_page "[SUBCOMMANDS]\nEach subcommand takes its own options, \
as its --help prints them.\n")
    append_subcommands()
endif()
get_property(page GLOBAL PROPERTY man_page)
# Where the user's data goes (core/base/user_dirs.h), on the pages of the programs that keep some.
if(NAME STREQUAL "tpugraphs" OR NAME STREQUAL "tpugraphs-studio")
    string(APPEND page "[FILES]\n"
        ".TP\n.I ~/.cache/tpugraphs/\n"
        "Prepared graphs (prepared/, or \\fB$TPUGRAPHS_CACHE_DIR\\fR) and the demo dataset: "
        "safe to delete, rebuilt when needed. A prepared graph is kept beside its dataset "
        "instead (npz/.tpugraphs-cache/) when the user owns the dataset's folder and may write it.\n"
        ".TP\n.I ~/.config/tpugraphs/studio.conf\n"
        "The desktop app's settings: window layout, recent datasets, listed runs.\n"
        ".TP\n.I ~/.local/share/tpugraphs/runs/\n"
        "Training runs started from the desktop app.\n"
        ".PP\n\\fB$XDG_CACHE_HOME\\fR, \\fB$XDG_CONFIG_HOME\\fR and \\fB$XDG_DATA_HOME\\fR "
        "replace ~/.cache, ~/.config and ~/.local/share when set.\n")
endif()
# The other programs' pages (a page does not name itself).
set(see_also "")
foreach(other tpugraphs tpugraphs-studio tpugraphs-dev)
    if(NOT other STREQUAL NAME)
        string(APPEND see_also ".BR ${other} (1)\n")
    endif()
endforeach()
string(REGEX REPLACE "\n\\.BR" ",\n.BR" see_also "${see_also}")
string(APPEND page "[SEE ALSO]\n${see_also}")
string(REGEX REPLACE "\\.gz$" "" roff ${OUTPUT})
file(WRITE ${roff}.h2m "${page}")
set(ENV{QT_QPA_PLATFORM} offscreen)
execute_process(COMMAND ${HELP2MAN} --no-info --version-string=${VERSION}
                        --name=${DESCRIPTION} --include=${roff}.h2m --output=${roff} ${PROGRAM}
                RESULT_VARIABLE failed)
if(failed)
    message(FATAL_ERROR "help2man ${PROGRAM} failed (${failed})")
endif()
execute_process(COMMAND gzip -9nf ${roff} RESULT_VARIABLE failed)
if(failed)
    message(FATAL_ERROR "gzip ${roff} failed")
endif()
