# Installing a program of app/: tpugraphs_install_program() is the one way an executable gets
# installed, with a man page generated from its --help (help2man) when help2man is found.
include(GNUInstallDirs)

find_program(TPUGRAPHS_HELP2MAN help2man)
if(NOT TPUGRAPHS_HELP2MAN)
    message(STATUS "help2man not found: no man pages (install help2man to get them)")
endif()

# tpugraphs_install_program(TARGET DESCRIPTION text [COMPONENT name] [SUBCOMMANDS]):
# installs TARGET into bin/ and its man page, "TARGET - text", into share/man/man1/, in
# COMPONENT (default studio; the headless package takes cli). SUBCOMMANDS adds every
# subcommand's --help to the page. The page is written at install time, from the program's
# --help (cmake/write_man_page.cmake).
function(tpugraphs_install_program target)
    cmake_parse_arguments(P "SUBCOMMANDS" "DESCRIPTION;COMPONENT" "" ${ARGN})
    if(NOT P_COMPONENT)
        set(P_COMPONENT studio)
    endif()
    install(TARGETS ${target} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT ${P_COMPONENT})
    if(NOT TPUGRAPHS_HELP2MAN)
        return()
    endif()
    set(page ${CMAKE_BINARY_DIR}/man/${target}.1.gz)
    install(CODE "execute_process(COMMAND \${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:${target}>
            -DNAME=${target} \"-DDESCRIPTION=${P_DESCRIPTION}\" -DVERSION=${PROJECT_VERSION}
            -DOUTPUT=${page} -DSUBCOMMANDS=${P_SUBCOMMANDS} -DHELP2MAN=${TPUGRAPHS_HELP2MAN}
            -P ${PROJECT_SOURCE_DIR}/cmake/write_man_page.cmake RESULT_VARIABLE failed)
        if(failed)
            message(FATAL_ERROR \"no man page for ${target}\")
        endif()" COMPONENT ${P_COMPONENT})
    install(FILES ${page} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT ${P_COMPONENT})
endfunction()
