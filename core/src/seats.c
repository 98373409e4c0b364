/* seats: being written */
