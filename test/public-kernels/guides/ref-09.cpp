torch::Tensor example_kernel(const torch::Tensor& t_in) {
    size_t num_elem = t_in.numel();
    torch::Tensor t_out = get_dst_tensor();

    uint32_t cpu_id = get_cpu_id();
    uint32_t cpu_count = get_cpu_count();

    uint32_t partition = num_elem / cpu_count;

    float *tcm_buffer = (float *)torch::neuron::tcm_malloc(sizeof(float) * buffer_size);
    // Populate tcm_buffer with desired results
    ...

    // Write to t_out with a offset computed from cpu_id and cpu_count
    t_out_tcm_acc.tcm_to_tensor<float>(tcm_buffer, partition*cpu_id, copy_size);

    ...
}
