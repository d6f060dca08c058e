import RACSwift

print("rac-demo")
