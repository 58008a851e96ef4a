torch::Tensor tensor_add_compute(const torch::Tensor& t1, const torch::Tensor& t2) {
    assert(t1.sizes() == t2.sizes());
    torch::Tensor t_out = torch::empty(t1.sizes(), torch::kFloat);

    auto t1_rd_stm_acc = t1.read_stream_accessor<float>();
    auto t2_rd_stm_acc = t2.read_stream_accessor<float>();
    auto t_out_wr_stm_acc = t_out.write_stream_accessor<float>();
    for (int i = 0; i < t1.numel(); i++) {
        auto sum = t1_rd_stm_acc.read() + t2_rd_stm_acc.read();
        t_out_wr_stm_acc.write(sum);
    }
    return t_out;
}
