/* sandbox: being written */
