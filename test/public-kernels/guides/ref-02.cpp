torch::exp_out(t_out, t_in);
