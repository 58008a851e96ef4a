// Example of write to get_dst_tensor()
torch::Tensor example_kernel(const torch::Tensor& t_in) {
    size_t num_elem = t_in.numel();
    torch::Tensor t_out = get_dst_tensor();
    auto t_out_tcm_acc = t_out.tcm_accessor();

    float *tcm_buffer = (float *)torch::neuron::tcm_malloc(sizeof(float) * buffer_size);

    // Populate tcm_buffer with results
    ...
    // Write to t_out through tcm_accessor
    t_out_acc.tcm_to_tensor<float>(tcm_buffer, offset, copy_size);

    ...
}
