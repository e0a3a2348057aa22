// Names of the 140 node features and the 24 tile / 18 layout config features (from the
// reference tables in ../shared/reference, compiled in).
#include "data/feature_names.h"

#include <array>

namespace tpugraphs {
namespace {

const std::array<const char*, kNodeFeatureCount> kNodeNames = {
    "is_root",
    "element_size_in_bits",
    "shape_element_type_is_invalid_type",
    "shape_element_type_is_pred",
    "shape_element_type_is_s8",
    "shape_element_type_is_s16",
    "shape_element_type_is_s32",
    "shape_element_type_is_s64",
    "shape_element_type_is_u8",
    "shape_element_type_is_u16",
    "shape_element_type_is_u32",
    "shape_element_type_is_u64",
    "shape_element_type_is_f16",
    "shape_element_type_is_f32",
    "shape_element_type_is_f64",
    "shape_element_type_is_bf16",
    "shape_element_type_is_c64",
    "shape_element_type_is_c128",
    "shape_element_type_is_tuple",
    "shape_element_type_is_opaque_type",
    "shape_element_type_is_token",
    "shape_dimensions_0",
    "shape_dimensions_1",
    "shape_dimensions_2",
    "shape_dimensions_3",
    "shape_dimensions_4",
    "shape_dimensions_5",
    "shape_dimensions_sum",
    "shape_dimensions_product",
    "shape_tuple_shapes_size",
    "parameter_number",
    "dimensions_0",
    "dimensions_1",
    "dimensions_2",
    "dimensions_3",
    "dimensions_4",
    "dimensions_5",
    "window_size_0",
    "window_size_1",
    "window_size_2",
    "window_size_3",
    "window_size_4",
    "window_size_5",
    "window_size_sum",
    "window_size_product",
    "window_stride_0",
    "window_stride_1",
    "window_stride_2",
    "window_stride_3",
    "window_stride_4",
    "window_stride_5",
    "window_stride_sum",
    "window_stride_product",
    "window_padding_low_0",
    "window_padding_low_1",
    "window_padding_low_2",
    "window_padding_low_3",
    "window_padding_low_4",
    "window_padding_low_5",
    "window_padding_low_sum",
    "window_padding_low_product",
    "window_padding_high_0",
    "window_padding_high_1",
    "window_padding_high_2",
    "window_padding_high_3",
    "window_padding_high_4",
    "window_padding_high_5",
    "window_padding_high_sum",
    "window_padding_high_product",
    "window_window_dilation_0",
    "window_window_dilation_1",
    "window_window_dilation_2",
    "window_window_dilation_3",
    "window_window_dilation_4",
    "window_window_dilation_5",
    "window_window_dilation_sum",
    "window_window_dilation_product",
    "window_base_dilation_0",
    "window_base_dilation_1",
    "window_base_dilation_2",
    "window_base_dilation_3",
    "window_base_dilation_4",
    "window_base_dilation_5",
    "window_base_dilation_sum",
    "window_base_dilation_product",
    "window_window_reversal_0",
    "window_window_reversal_1",
    "window_window_reversal_2",
    "window_window_reversal_3",
    "window_window_reversal_4",
    "window_window_reversal_5",
    "window_window_reversal_true_count",
    "window_window_reversal_false_count",
    "convolution_dim_numbers_input_batch_dim",
    "convolution_dim_numbers_input_feature_dim",
    "convolution_dim_numbers_input_spatial_dims_0",
    "convolution_dim_numbers_input_spatial_dims_1",
    "convolution_dim_numbers_input_spatial_dims_2",
    "convolution_dim_numbers_input_spatial_dims_3",
    "convolution_dim_numbers_kernel_input_feature_dim",
    "convolution_dim_numbers_kernel_output_feature_dim",
    "convolution_dim_numbers_kernel_spatial_dims_0",
    "convolution_dim_numbers_kernel_spatial_dims_1",
    "convolution_dim_numbers_kernel_spatial_dims_2",
    "convolution_dim_numbers_kernel_spatial_dims_3",
    "convolution_dim_numbers_output_batch_dim",
    "convolution_dim_numbers_output_feature_dim",
    "feature_group_count",
    "batch_group_count",
    "slice_dims_start_0",
    "slice_dims_start_1",
    "slice_dims_start_sum",
    "slice_dims_start_product",
    "slice_dims_stride_0",
    "slice_dims_stride_1",
    "slice_dims_stride_sum",
    "slice_dims_stride_product",
    "slice_dims_limit_0",
    "slice_dims_limit_1",
    "slice_dims_limit_sum",
    "slice_dims_limit_product",
    "dynamic_slice_sizes_0",
    "dynamic_slice_sizes_1",
    "dynamic_slice_sizes_sum",
    "dynamic_slice_sizes_product",
    "padding_config_edge_padding_low_0",
    "padding_config_edge_padding_low_1",
    "padding_config_edge_padding_low_sum",
    "padding_config_edge_padding_low_product",
    "padding_config_edge_padding_high_0",
    "padding_config_edge_padding_high_1",
    "padding_config_edge_padding_high_sum",
    "padding_config_edge_padding_high_product",
    "is_stable",
    "layout_minor_to_major_0",
    "layout_minor_to_major_1",
    "layout_minor_to_major_2",
    "layout_minor_to_major_3",
    "layout_minor_to_major_4",
    "layout_minor_to_major_5",
};

const std::array<const char*, kTileConfigFeatureCount> kTileNames = {
    "kernel_bounds_0", "kernel_bounds_1", "kernel_bounds_2",   "kernel_bounds_3",
    "kernel_bounds_4", "kernel_bounds_5", "kernel_bounds_sum", "kernel_bounds_product",
    "output_bounds_0", "output_bounds_1", "output_bounds_2",   "output_bounds_3",
    "output_bounds_4", "output_bounds_5", "output_bounds_sum", "output_bounds_product",
    "input_bounds_0",  "input_bounds_1",  "input_bounds_2",    "input_bounds_3",
    "input_bounds_4",  "input_bounds_5",  "input_bounds_sum",  "input_bounds_product",
};

const std::array<const char*, kLayoutConfigFeatureCount> kLayoutNames = {
    "output_layout_0", "output_layout_1", "output_layout_2", "output_layout_3", "output_layout_4",
    "output_layout_5", "input_layout_0",  "input_layout_1",  "input_layout_2",  "input_layout_3",
    "input_layout_4",  "input_layout_5",  "kernel_layout_0", "kernel_layout_1", "kernel_layout_2",
    "kernel_layout_3", "kernel_layout_4", "kernel_layout_5",
};

template <size_t N>
std::string_view lookup(const std::array<const char*, N>& names, int index) {
    if (index < 0 || index >= static_cast<int>(N)) return {};
    return names[static_cast<size_t>(index)];
}

template <size_t N>
int find(const std::array<const char*, N>& names, std::string_view name) {
    for (size_t i = 0; i < N; ++i)
        if (name == names[i]) return static_cast<int>(i);
    return -1;
}

}  // namespace

std::string_view nodeFeatureName(int index) {
    return lookup(kNodeNames, index);
}
std::string_view tileConfigFeatureName(int index) {
    return lookup(kTileNames, index);
}
std::string_view layoutConfigFeatureName(int index) {
    return lookup(kLayoutNames, index);
}

int findNodeFeature(std::string_view name) {
    return find(kNodeNames, name);
}
int findTileConfigFeature(std::string_view name) {
    return find(kTileNames, name);
}

}  // namespace tpugraphs
