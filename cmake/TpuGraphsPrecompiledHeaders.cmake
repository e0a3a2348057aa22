# Precompiled headers for the targets whose sources spend most of their compile time parsing
# the same large headers: LibTorch (core/model, core/train), Qt Widgets/Charts (ui) and Qt Test
# (tests). Off with -DTPUGRAPHS_PCH=OFF.

# The LibTorch headers nearly every source of core/model and core/train includes: tensors and
# modules. Narrower than <torch/torch.h> (optimisers, data loaders, JIT): every source of a
# target pays for what its precompiled header holds (GCC instantiates the header's pending
# templates in each one), so a source without torch compiles in ~4 s with this list, ~7 s with
# the module containers, autograd and nlohmann/json added, ~2 s without one.
set(TPUGRAPHS_TORCH_PCH_HEADERS <torch/types.h> <torch/nn/module.h> <torch/nn/modules/linear.h>
    <algorithm> <cstdint> <memory> <string> <vector>)
# The Qt classes most ui sources use.
set(TPUGRAPHS_QT_PCH_HEADERS
    <QtCore/QObject> <QtCore/QString> <QtCore/QList> <QtCore/QVariant>
    <QtCore/QAbstractItemModel> <QtGui/QPainter> <QtWidgets/QWidget> <QtWidgets/QLabel>
    <QtWidgets/QLayout> <QtWidgets/QPushButton> <QtWidgets/QComboBox>
    <QtCharts/QChartView> <QtCharts/QLineSeries> <QtCharts/QValueAxis>
    <algorithm> <memory> <string> <vector>)
# Tests: Qt Test (which includes all of QtCore) and, for the kinds that have them, the LibTorch
# or Qt Widgets headers above (tests/CMakeLists.txt picks the kind).
set(TPUGRAPHS_TEST_CORE_PCH_HEADERS <QtTest/QtTest> <string> <vector>)
set(TPUGRAPHS_TEST_TORCH_PCH_HEADERS <QtTest/QtTest> <torch/types.h> <torch/nn/module.h>
    <string> <vector>)
set(TPUGRAPHS_TEST_GUI_PCH_HEADERS <QtTest/QtTest> ${TPUGRAPHS_QT_PCH_HEADERS})

# tpugraphs_precompile(TARGET HEADERS_VARIABLE [REUSE_FROM OTHER] [ONLY_SOURCES_INCLUDING REGEX]):
# precompiles the headers listed in HEADERS_VARIABLE for TARGET, or reuses OTHER's precompiled
# header (only between targets compiled with the same flags and definitions). With
# ONLY_SOURCES_INCLUDING, sources that include no header matching REGEX, directly or through the
# project's headers, compile without it (a mistaken guess costs time, never correctness).
function(tpugraphs_precompile target headers)
    cmake_parse_arguments(P "" "REUSE_FROM;ONLY_SOURCES_INCLUDING" "" ${ARGN})
    if(NOT TPUGRAPHS_PCH)
        return()
    endif()
    if(P_REUSE_FROM)
        target_precompile_headers(${target} REUSE_FROM ${P_REUSE_FROM})
    else()
        target_precompile_headers(${target} PRIVATE ${${headers}})
    endif()
    if(P_ONLY_SOURCES_INCLUDING)
        get_target_property(sources ${target} SOURCES)
        get_target_property(roots ${target} INCLUDE_DIRECTORIES)
        foreach(source ${sources})
            get_filename_component(source ${source} ABSOLUTE)
            if(source MATCHES "\\.(cpp|cc|cxx)$")
                tpugraphs_includes_matching(found ${source} "${P_ONLY_SOURCES_INCLUDING}" ${roots})
                if(NOT found)
                    set_source_files_properties(${source} PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
                endif()
            endif()
        endforeach()
    endif()
endfunction()

# Whether FILE includes a header matching REGEX, directly or through the headers it includes in
# quotes (found beside it or under ROOTS). Results are remembered for the configure run.
function(tpugraphs_includes_matching out file regex)
    get_property(known GLOBAL PROPERTY tpugraphs_includes_${regex}_${file} SET)
    if(known)
        get_property(found GLOBAL PROPERTY tpugraphs_includes_${regex}_${file})
        set(${out} ${found} PARENT_SCOPE)
        return()
    endif()
    set_property(GLOBAL PROPERTY tpugraphs_includes_${regex}_${file} FALSE)  # ends cycles
    set(found FALSE)
    file(STRINGS ${file} lines REGEX "^[ \t]*#[ \t]*include")
    get_filename_component(dir ${file} DIRECTORY)
    foreach(line ${lines})
        if(line MATCHES "${regex}")
            set(found TRUE)
        elseif(line MATCHES "include[ \t]*\"([^\"]+)\"")
            foreach(root ${dir} ${ARGN})
                if(EXISTS ${root}/${CMAKE_MATCH_1})
                    get_filename_component(header ${root}/${CMAKE_MATCH_1} ABSOLUTE)
                    tpugraphs_includes_matching(found ${header} "${regex}" ${ARGN})
                    break()
                endif()
            endforeach()
        endif()
        if(found)
            break()
        endif()
    endforeach()
    set_property(GLOBAL PROPERTY tpugraphs_includes_${regex}_${file} ${found})
    set(${out} ${found} PARENT_SCOPE)
endfunction()
