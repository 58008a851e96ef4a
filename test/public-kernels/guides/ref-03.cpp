torch::Tensor t_out = torch::exp(t_in);
